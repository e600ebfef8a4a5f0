import { describe, expect, it } from 'vitest';
import { signatureEventTypeSchema, signatureOutcomeSchema, signatureStatusSchema, type SignatureStatus } from '../../contract/deposit';
import { refusal, REFUSAL_STATUS } from '../../machines/deposit-rules';
import {
  decideSignature,
  restoreSignature,
  SIGNATURE_VALIDITY_DAYS,
  signatureAllowedEvents,
  signatureContext,
  signatureEventLabels,
  signatureEventSources,
  signatureExpiresOn,
  signatureMachine,
  signatureStatusLabels,
  signatureWhyNot,
  type SignatureContext,
  type SignatureEvent,
  type SignatureSnapshot,
} from '../../machines/signature';
import { actors, describeEvent, events, inputs, paths } from './signature.model';
import { describeSteps, replay, unwalked } from './walk';

// ---------------------------------------------------------------------------------------------
// The oracle, independent of the machine: refused (null) or the state and context changes.

type Expected = { status: SignatureStatus; context: Partial<SignatureContext> } | null;

/** Sent 2 Mar: 14 days → expired from 16 Mar; 7 days → from 9 Mar (hand-computed). */
const EXPIRES_ON: Record<number, string> = { 14: '2026-03-16', 7: '2026-03-09' };

function expectedOutcome(status: SignatureStatus, c: SignatureContext, e: SignatureEvent): Expected {
  if (status !== 'sent' || e.actor.role !== 'SYSTEM') return null;
  if (e.type === 'signature.expire') return e.today >= EXPIRES_ON[c.validityDays]! ? { status: 'expired', context: { completedAt: e.today } } : null;
  if (!['signed', 'declined', 'expired'].includes(e.outcome)) return null;
  const day = e.at.slice(0, 10);
  if (day < c.sentOn || day > e.today) return null;
  return { status: e.outcome, context: { completedAt: e.at, signedDocumentId: e.outcome === 'signed' ? (e.signedDocumentId ?? null) : null } };
}

/** What each state means; a finished request takes every well-formed provider or job event as a no-op. */
function assertStateMeaning(snapshot: SignatureSnapshot) {
  const c = snapshot.context;
  const status = snapshot.value as SignatureStatus;
  expect(c.completedAt !== null).toBe(status !== 'sent');
  if (c.signedDocumentId !== null) expect(status).toBe('signed');
  expect(snapshot.status).toBe(status === 'sent' ? 'active' : 'done');
  if (status !== 'sent') {
    for (const event of events) {
      const outcome = decideSignature(snapshot, event);
      if (outcome.ok) expect(outcome).toMatchObject({ changed: false, status, context: c });
      // Repeats are never conflicts: only who sent it or an unreadable payload is refused.
      else expect(['forbidden', 'invalid']).toContain(outcome.refusal.category);
    }
  }
}

describe('signature machine: generated paths walk every transition', () => {
  const walked = new Set<string>();

  for (const [index, path] of paths.entries()) {
    it(`${path.inputName} #${index}: ${describeSteps(path.steps, describeEvent)}`, () => {
      let previous = signatureMachine.resolveState({ value: 'sent', context: signatureContext(path.input) });
      const taken = replay(signatureMachine, path.steps, {
        input: path.input,
        afterEach: (snapshot, step) => {
          if (step.event.type === 'xstate.init') {
            expect(snapshot.value).toBe('sent');
            expect(snapshot.context).toEqual(previous.context);
            return;
          }
          const event = step.event as SignatureEvent;
          const expected = expectedOutcome(previous.value as SignatureStatus, previous.context, event);
          const refused = signatureWhyNot(previous, event);
          expect(previous.can(event)).toBe(expected !== null);
          expect(refused === null).toBe(expected !== null);
          if (expected === null) {
            expect(snapshot.value).toBe(previous.value);
            expect(snapshot.context).toEqual(previous.context);
            expect(Object.keys(REFUSAL_STATUS)).toContain(refused!.category);
          } else {
            expect(snapshot.value).toBe(expected.status);
            expect(snapshot.context).toEqual({ ...previous.context, ...expected.context });
            expect(decideSignature(previous, event)).toMatchObject({ ok: true, changed: true, status: expected.status });
          }
          assertStateMeaning(snapshot as SignatureSnapshot);
          previous = snapshot as SignatureSnapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });
  }

  it('walked every transition the machine defines', () => {
    expect(unwalked(signatureMachine, [])).toHaveLength(4);
    expect(unwalked(signatureMachine, walked)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const at = (status: SignatureStatus, overrides: Partial<SignatureContext> = {}) =>
  restoreSignature(status, { ...signatureContext(inputs.defaultValidity), ...(status === 'sent' ? {} : { completedAt: '2026-03-03T10:00' }), ...overrides });
const signed: SignatureEvent = { type: 'signature.complete', actor: actors.system, today: '2026-03-03', outcome: 'signed', at: '2026-03-03T10:00', signedDocumentId: 'doc-signed-1' };
const expire = (today: string): SignatureEvent => ({ type: 'signature.expire', actor: actors.system, today });

describe('signature: expiry', () => {
  it('valid 14 days by default, the sent day included', () => {
    expect(SIGNATURE_VALIDITY_DAYS).toBe(14);
    expect(signatureExpiresOn('2026-03-02')).toBe('2026-03-16');
    expect(signatureExpiresOn('2026-02-20', 14)).toBe('2026-03-06');
    expect(signatureContext(inputs.defaultValidity).validityDays).toBe(14);
  });

  it('the job expires it from the first day after the validity, and is told until when before that', () => {
    expect(signatureWhyNot(at('sent'), expire('2026-03-15'))).toEqual(refusal('conflict', 'Permintaan tanda tangan masih berlaku sampai 15-Mar-2026.'));
    expect(decideSignature(at('sent'), expire('2026-03-16'))).toMatchObject({ ok: true, changed: true, status: 'expired', context: { completedAt: '2026-03-16' } });
    expect(signatureAllowedEvents(at('sent'), actors.system, '2026-03-15')).toEqual(['signature.complete']);
    expect(signatureAllowedEvents(at('sent'), actors.system, '2026-03-16')).toEqual(['signature.complete', 'signature.expire']);
  });
});

describe('signature: the provider’s outcome', () => {
  it('signed keeps the signed copy and the provider’s time', () => {
    expect(decideSignature(at('sent'), signed)).toMatchObject({ ok: true, changed: true, status: 'signed', context: { completedAt: '2026-03-03T10:00', signedDocumentId: 'doc-signed-1' } });
  });

  it('a repeated or late callback for a finished request is a no-op the server can detect, never an error', () => {
    for (const status of ['signed', 'declined', 'expired'] as const) {
      const finished = at(status);
      expect(signatureWhyNot(finished, signed)).toBeNull();
      expect(decideSignature(finished, signed)).toMatchObject({ ok: true, changed: false, status, context: finished.context });
      expect(decideSignature(finished, { ...signed, outcome: 'declined' })).toMatchObject({ ok: true, changed: false, status });
      // The expiry job running after the customer answered: also nothing.
      expect(decideSignature(finished, expire('2026-03-20'))).toMatchObject({ ok: true, changed: false, status });
      expect(decideSignature(finished, expire('2026-03-04'))).toMatchObject({ ok: true, changed: false, status });
    }
  });

  it('refuses staff posing as the provider or the job, and payloads it cannot read — even on a finished request', () => {
    expect(signatureWhyNot(at('sent'), { ...signed, actor: actors.operator })).toEqual(
      refusal('forbidden', 'Hanya penyedia tanda tangan elektronik (sistem) yang dapat mencatat hasil tanda tangan.'),
    );
    expect(signatureWhyNot(at('signed'), { ...expire('2026-03-20'), actor: actors.admin })).toEqual(
      refusal('forbidden', 'Hanya proses harian sistem yang dapat menandai permintaan tanda tangan kedaluwarsa.'),
    );
    expect(signatureWhyNot(at('sent'), { ...signed, outcome: 'pending' as never })).toEqual(refusal('invalid', 'Hasil tanda tangan tidak dikenal.'));
    expect(signatureWhyNot(at('signed'), { ...signed, at: 'kemarin' })).toEqual(refusal('invalid', 'Waktu dari penyedia tanda tangan tidak valid.'));
    expect(signatureWhyNot(at('sent'), { ...signed, at: '2026-03-04T08:00' })).toEqual(refusal('invalid', 'Waktu dari penyedia tanda tangan tidak boleh setelah hari ini.'));
    expect(signatureWhyNot(at('sent'), { ...signed, at: '2026-03-01T23:59' })).toEqual(
      refusal('invalid', 'Waktu dari penyedia tanda tangan tidak boleh sebelum permintaan dikirim (02-Mar-2026).'),
    );
  });

  it('staff are offered nothing: the provider and the job finish requests', () => {
    expect(signatureAllowedEvents(at('sent'), actors.admin, '2026-03-20')).toEqual([]);
    for (const status of ['signed', 'declined', 'expired'] as const) expect(signatureAllowedEvents(at(status), actors.system, '2026-03-20')).toEqual([]);
  });
});

describe('signature: labels and contract', () => {
  it('labels every status and event of the contract; the outcomes are the finished statuses', () => {
    expect(Object.keys(signatureStatusLabels).sort()).toEqual([...signatureStatusSchema.options].sort());
    expect(Object.keys(signatureEventLabels).sort()).toEqual([...signatureEventTypeSchema.options].sort());
    expect(Object.keys(signatureEventSources).sort()).toEqual([...signatureEventTypeSchema.options].sort());
    expect([...signatureOutcomeSchema.options].sort()).toEqual(signatureStatusSchema.options.filter((s) => s !== 'sent').sort());
  });
});
