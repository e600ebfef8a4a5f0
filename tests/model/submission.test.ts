import { describe, expect, it } from 'vitest';
import { answeredFinally, payloadFingerprint, sortProblems, submissionMachine, type SubmissionContext } from '../../machines/submission';
import { walkModel } from './harness';
import * as model from './submission.model';

/**
 * The oracle, by hand from API.md's Idempotency-Key rules and issue 20: a key belongs to one
 * payload (whatever the order of its fields) until the server answers it; no answer or a 5xx
 * leaves it for the retry; any answer below 500 spends it. A refusal's sentences go beside the
 * field whose label opens them (the longest such label, as a whole word), the rest into the
 * summary, each once. While a request is out nothing else is taken.
 */
const samePayload = (payload: unknown) => JSON.stringify(Object.entries(payload as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));

/** What each answer shows, written out for the fields of the model. */
function expectedShown(error: unknown, withFields: boolean): { status: 'refused' | 'failed'; fieldErrors: Record<string, string[]>; summary: string[] } {
  if (error === model.INVALID_400) {
    return withFields
      ? { status: 'refused', fieldErrors: { reference: ['Nomor referensi wajib diisi.'], paidAt: ['Tanggal bayar tidak boleh setelah hari ini.'] }, summary: ['Bukti transfer wajib diunggah.', 'Nomor referensinya sudah dipakai.'] }
      : { status: 'refused', fieldErrors: {}, summary: ['Nomor referensi wajib diisi.', 'Tanggal bayar tidak boleh setelah hari ini.', 'Bukti transfer wajib diunggah.', 'Nomor referensinya sudah dipakai.'] };
  }
  if (error === model.CONFLICT_409) return { status: 'refused', fieldErrors: {}, summary: [model.CONFLICT_409.message] };
  if (error === model.NO_ANSWER) return { status: 'failed', fieldErrors: {}, summary: [model.NO_ANSWER.message] };
  if (error === model.SERVER_DOWN) return { status: 'failed', fieldErrors: {}, summary: [model.SERVER_DOWN.message] };
  if (error === model.CRASH) return { status: 'failed', fieldErrors: {}, summary: ['fetch failed'] };
  throw new Error('an answer the oracle does not know');
}

// The oracle's own record along the path being walked (the harness walks one path at a time, in order).
let openKeys = new Map<string, string>();
let out: { payload: string; key: string; withFields: boolean } | null = null;

walkModel({
  title: 'a submission, walked by generated paths',
  paths: model.paths,
  build: (recorder) => submissionMachine.provide({ actors: { send: recorder.pending('send') } }),
  check: ({ snapshot, previous, event, effects }) => {
    const context = snapshot.context as SubmissionContext;
    const before = previous?.context as SubmissionContext | undefined;
    if (event.type === 'xstate.init') {
      openKeys = new Map();
      out = null;
      expect(snapshot.value).toBe('idle');
      expect(context).toMatchObject({ open: {}, attempt: null, fieldErrors: {}, summary: [], sent: 0, round: 0 });
      return;
    }
    // While the request is out, staff's presses, checks and closings change nothing and send nothing.
    if (previous!.value === 'submitting' && event.type.startsWith('submission.')) {
      expect([snapshot.value, context]).toEqual([previous!.value, before]);
      expect(effects).toEqual([]);
      return;
    }
    switch (event.type) {
      case 'submission.submit': {
        const payload = samePayload(event.payload);
        const key = openKeys.get(payload) ?? event.freshKey;
        openKeys.set(payload, key);
        out = { payload, key, withFields: event.fields !== undefined };
        expect(snapshot.value).toBe('submitting');
        expect(effects).toEqual([{ name: 'start:send', params: { payload: event.payload, key } }]);
        expect([context.fieldErrors, context.summary, context.sent, context.round]).toEqual([{}, [], before!.sent + 1, before!.round]);
        break;
      }
      case 'submission.invalid':
        // Nothing is sent; every problem of the form's own check is shown, keys stay as they were.
        expect(snapshot.value).toBe('refused');
        expect(effects).toEqual([]);
        expect([context.fieldErrors, context.summary]).toEqual(
          event.fieldProblems
            ? [{ reference: ['Ketik nomor referensi transfer.', 'Nomor referensi wajib diisi.'] }, []]
            : [{ paidAt: ['Tanggal bayar wajib diisi.'] }, ['Pilih berkas bukti transfer.']],
        );
        expect([context.sent, context.round]).toEqual([before!.sent, before!.round + 1]);
        break;
      case 'submission.reset':
        expect(snapshot.value).toBe('idle');
        expect([context.fieldErrors, context.summary, context.failure]).toEqual([{}, [], null]);
        expect([context.sent, context.round]).toEqual([before!.sent, before!.round]);
        break;
      case 'xstate.done.actor.send':
        openKeys.delete(out!.payload);
        expect(snapshot.value).toBe('succeeded');
        expect([context.answer, context.fieldErrors, context.summary, context.round]).toEqual([model.ANSWER, {}, [], before!.round + 1]);
        break;
      case 'xstate.error.actor.send': {
        const shown = expectedShown(event.error, out!.withFields);
        if (shown.status === 'refused') openKeys.delete(out!.payload);
        expect(snapshot.value).toBe(shown.status);
        expect([context.fieldErrors, context.summary, context.failure, context.round]).toEqual([shown.fieldErrors, shown.summary, event.error, before!.round + 1]);
        break;
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
    // The keys the machine keeps open are the oracle's.
    expect(Object.values(context.open).sort()).toEqual([...openKeys.values()].sort());
  },
});

describe('submission rules: the small print', () => {
  it('counts any answer below 500 as final, and no answer or a 5xx as open', () => {
    for (const status of [200, 400, 403, 404, 409, 413, 422]) expect(answeredFinally({ statusCode: status }), String(status)).toBe(true);
    for (const status of [0, 500, 502, 503]) expect(answeredFinally({ statusCode: status }), String(status)).toBe(false);
    expect(answeredFinally(new TypeError('fetch failed'))).toBe(false);
    expect(answeredFinally(null)).toBe(false);
  });

  it('fingerprints ignore the order of keys and tell files apart by name, size, type and modification time', () => {
    expect(payloadFingerprint({ a: 1, b: { c: 2, d: [3, 4] } })).toBe(payloadFingerprint({ b: { d: [3, 4], c: 2 }, a: 1 }));
    expect(payloadFingerprint({ b: { d: [4, 3] } })).not.toBe(payloadFingerprint({ b: { d: [3, 4] } }));
    const file = (name: string, bytes: number, lastModified = 1) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf', lastModified });
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).toBe(payloadFingerprint({ proof: file('bukti.pdf', 10) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).not.toBe(payloadFingerprint({ proof: file('bukti-2.pdf', 10) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10) })).not.toBe(payloadFingerprint({ proof: file('bukti.pdf', 11) }));
    expect(payloadFingerprint({ proof: file('bukti.pdf', 10, 1) })).not.toBe(payloadFingerprint({ proof: file('bukti.pdf', 10, 2) }));
  });

  it('a sentence goes beside the field whose label opens it as a whole word; "NIK perwakilan" is not "NIK"', () => {
    const fields = { nik: ['NIK'], representativeNik: ['NIK perwakilan'], name: ['Nama'] };
    expect(sortProblems(['NIK harus 16 angka.', 'NIK perwakilan wajib diisi.', 'Namanya terlalu panjang.', 'Nama wajib diisi.'], fields)).toEqual({
      fieldErrors: { nik: ['NIK harus 16 angka.'], representativeNik: ['NIK perwakilan wajib diisi.'], name: ['Nama wajib diisi.'] },
      summary: ['Namanya terlalu panjang.'],
    });
  });

  it('the machine is the one the paths were generated from', () => {
    expect(model.machine).toBe(submissionMachine);
  });
});
