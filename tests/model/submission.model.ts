import type { AnyEventObject } from 'xstate';
import { submissionMachine, type FieldOpenings } from '../../machines/submission';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'submission';
export const machine = submissionMachine;

/**
 * Staff record the transfer of payout dep-1 (reference TRF-1), the same payout typed again with its
 * fields in another order, and payout dep-2; each press comes with a fresh key the view minted.
 * The dialog's fields are "Nomor referensi" (reference) and "Tanggal bayar" (paidAt); the bank's
 * "Tanggal" opening is a shorter one that also names paidAt's sentences.
 */
export const FIELDS: FieldOpenings = { reference: ['Nomor referensi'], paidAt: ['Tanggal bayar'], date: ['Tanggal'] };
export const PAYOUT_1 = { depositId: 'dep-1', reference: 'TRF-1', paidAt: '2026-11-20' };
export const PAYOUT_1_REORDERED = { paidAt: '2026-11-20', reference: 'TRF-1', depositId: 'dep-1' };
export const PAYOUT_2 = { depositId: 'dep-2', reference: 'TRF-2', paidAt: '2026-11-20' };

/** A 400 naming both fields (the reference twice), a sentence about no field, and one that only looks like a field's. */
export const INVALID_400 = {
  statusCode: 400,
  error: 'Bad Request',
  message: ['Nomor referensi wajib diisi.', 'Tanggal bayar tidak boleh setelah hari ini.', 'Bukti transfer wajib diunggah.', 'Nomor referensi wajib diisi.', 'Nomor referensinya sudah dipakai.'],
};
export const CONFLICT_409 = { statusCode: 409, error: 'Conflict', message: 'Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.' };
export const NO_ANSWER = { statusCode: 0, error: 'NetworkError', message: 'Tidak dapat terhubung ke server. Periksa koneksi Anda.' };
export const SERVER_DOWN = { statusCode: 503, error: 'Service Unavailable', message: 'Terjadi kesalahan pada server. Silakan coba lagi.' };
export const CRASH = new TypeError('fetch failed');
export const LOCAL_PROBLEMS = ['Tanggal bayar wajib diisi.', 'Pilih berkas bukti transfer.'];
/** A check that placed its problems itself (a sentence that names no label), and one sorted beside the same field. */
export const PLACED_PROBLEMS = { reference: ['Ketik nomor referensi transfer.'], proof: [] };
export const ANSWER = { id: 'dep-1', status: 'closed' };

/** What staff do at any time: press the button (three payloads, fresh keys k1…k4), fail the form's own check, close and reopen. */
const staffEvents: AnyEventObject[] = [
  { type: 'submission.submit', payload: PAYOUT_1, freshKey: 'k1', fields: FIELDS },
  { type: 'submission.submit', payload: PAYOUT_1, freshKey: 'k2', fields: FIELDS },
  { type: 'submission.submit', payload: PAYOUT_1_REORDERED, freshKey: 'k3' },
  { type: 'submission.submit', payload: PAYOUT_2, freshKey: 'k4', fields: FIELDS },
  { type: 'submission.invalid', problems: LOCAL_PROBLEMS, fields: FIELDS },
  { type: 'submission.invalid', fieldProblems: PLACED_PROBLEMS, problems: ['Nomor referensi wajib diisi.'], fields: FIELDS },
  { type: 'submission.reset' },
];
/** The server's answers, which come only to the request waiting for them. */
const answers: AnyEventObject[] = [
  { type: 'xstate.done.actor.send', output: ANSWER },
  { type: 'xstate.error.actor.send', error: INVALID_400 },
  { type: 'xstate.error.actor.send', error: CONFLICT_409 },
  { type: 'xstate.error.actor.send', error: NO_ANSWER },
  { type: 'xstate.error.actor.send', error: SERVER_DOWN },
  { type: 'xstate.error.actor.send', error: CRASH },
];
export const events = [...staffEvents, ...answers];

const eventsOf = (snapshot: { value: unknown }): AnyEventObject[] => (snapshot.value === 'submitting' ? [...staffEvents, ...answers] : staffEvents);

/**
 * A state is what decides what comes next: where the machine is, which keys are still open, and
 * (while a request is out) which payload and key it carries. What is shown is checked at each step.
 */
const serializeState = (snapshot: { value: unknown; context: Record<string, unknown> }) =>
  JSON.stringify([snapshot.value, snapshot.context.open, snapshot.value === 'submitting' ? snapshot.context.attempt : null]);

export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events: eventsOf as never, serializeState: serializeState as never });
