import { describe, expect, it } from 'vitest';
import { installmentStatusSchema, type InstallmentStatus } from '../../contract/deposit';
import {
  decideInstallment,
  installmentAllowedEvents,
  installmentStatusLabels,
  installmentWhyNot,
  interestInstallmentMachine,
  restoreInstallment,
  type InstallmentContext,
  type InstallmentEvent,
  type InstallmentSnapshot,
} from '../../machines/interest-installment';
import { describePath, replay, unwalked } from './walk';
import { actors, input, paths } from './interest-installment.model';

/**
 * DOMAIN.md: the job makes it due on its pay date; a supervisor marks it paid with a reference.
 * Its deposit's transitions: a payout posts it early (staff, figures adding up to the gross) and
 * its transfer pays it (supervisor); ARO+ capitalises it (the job); a deposit ended unpaid cancels
 * it (staff, or the partner withdrawing). Paid and cancelled are the end.
 */
function expectedOutcome(status: InstallmentStatus, c: InstallmentContext, e: InstallmentEvent): { status: InstallmentStatus; context: Partial<InstallmentContext> } | null {
  const role = e.actor.role;
  const staff = role === 'OPERATOR' || role === 'SUPERVISOR' || role === 'ADMIN';
  const supervisor = role === 'SUPERVISOR' || role === 'ADMIN';
  const open = status === 'scheduled' || status === 'due';
  switch (e.type) {
    case 'installment.fallDue':
      return status === 'scheduled' && role === 'SYSTEM' && e.today >= c.payDate ? { status: 'due', context: {} } : null;
    case 'installment.markPaid':
      if (status !== 'due' || !supervisor || e.reference.trim() === '' || e.paidAt > e.today) return null;
      return { status: 'paid', context: { reference: e.reference, paidAt: e.paidAt, paidBy: e.actor.id } };
    case 'installment.postForPayout':
      if (status !== 'scheduled' || !staff || e.tax + e.netInterest !== c.grossInterest) return null;
      return { status: 'due', context: { tax: e.tax, netInterest: e.netInterest } };
    case 'installment.settleWithPayout':
      if (status !== 'due' || !supervisor || e.reference.trim() === '' || e.paidAt > e.today) return null;
      return { status: 'paid', context: { reference: e.reference.trim(), paidAt: e.paidAt, paidBy: e.actor.id } };
    case 'installment.capitalise':
      if (!open || role !== 'SYSTEM' || e.tax + e.netInterest !== c.grossInterest || e.paidAt > e.today) return null;
      return { status: 'paid', context: { tax: e.tax, netInterest: e.netInterest, reference: 'ARO+ (dikapitalisasi)', paidAt: e.paidAt, paidBy: e.actor.id } };
    case 'installment.cancel':
      return open && (staff || role === 'PARTNER') ? { status: 'cancelled', context: {} } : null;
  }
}

describe('interest installment: generated paths walk every transition', () => {
  const walked = new Set<string>();

  for (const [index, path] of paths.entries()) {
    it(`#${index}: ${describePath(path.steps)}`, () => {
      let previous = interestInstallmentMachine.resolveState({ value: 'scheduled', context: { ...input, reference: null, paidAt: null, paidBy: null, interestHold: null } });
      const taken = replay(interestInstallmentMachine, path.steps, {
        input,
        afterEach: (snapshot, step) => {
          if (step.event.type === 'xstate.init') {
            expect(snapshot.value).toBe('scheduled');
            expect(snapshot.context).toEqual(previous.context);
            return;
          }
          const event = step.event as InstallmentEvent;
          const expected = expectedOutcome(previous.value as InstallmentStatus, previous.context, event);
          expect(previous.can(event)).toBe(expected !== null);
          expect(installmentWhyNot(previous, event) === null).toBe(expected !== null);
          if (expected === null) {
            expect(snapshot.value).toBe(previous.value);
            expect(snapshot.context).toEqual(previous.context);
          } else {
            expect(snapshot.value).toBe(expected.status);
            expect(snapshot.context).toEqual({ ...previous.context, ...expected.context });
          }
          // Paid means a reference, a date and who recorded it; before that, none of them.
          const paid = snapshot.value === 'paid';
          expect(snapshot.context.reference !== null && snapshot.context.paidAt !== null && snapshot.context.paidBy !== null).toBe(paid);
          expect(snapshot.context.netInterest).toBe(snapshot.context.grossInterest - snapshot.context.tax);
          previous = snapshot as InstallmentSnapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });
  }

  it('walked every transition the machine defines', () => {
    expect(paths.length).toBeGreaterThanOrEqual(8);
    expect(unwalked(interestInstallmentMachine, walked)).toEqual([]);
  });
});

describe('interest installment scenarios', () => {
  const context: InstallmentContext = { ...input, reference: null, paidAt: null, paidBy: null, interestHold: null };

  it('labels every status of the contract', () => {
    expect(Object.keys(installmentStatusLabels).sort()).toEqual([...installmentStatusSchema.options].sort());
  });

  it('offers mark-paid to supervisors only, once due; fall-due to the job only, from the pay date', () => {
    expect(installmentAllowedEvents(restoreInstallment('due', context), actors.supervisor, '2026-05-04')).toEqual(['installment.markPaid']);
    expect(installmentAllowedEvents(restoreInstallment('due', context), actors.operator, '2026-05-04')).toEqual([]);
    expect(installmentAllowedEvents(restoreInstallment('scheduled', context), actors.system, '2026-04-29')).toEqual([]);
    expect(installmentAllowedEvents(restoreInstallment('scheduled', context), actors.system, '2026-04-30')).toEqual(['installment.fallDue']);
    expect(installmentAllowedEvents(restoreInstallment('paid', context), actors.supervisor, '2026-05-04')).toEqual([]);
    // What a deposit transition brings (payout, ARO+, cancellation) is never offered alone.
    expect(installmentAllowedEvents(restoreInstallment('scheduled', context), actors.supervisor, '2026-05-04')).toEqual([]);
    expect(installmentAllowedEvents(restoreInstallment('cancelled', context), actors.supervisor, '2026-05-04')).toEqual([]);
  });

  it('a cancelled installment can be neither paid nor capitalised', () => {
    const cancelled = restoreInstallment('cancelled', context);
    expect(installmentWhyNot(cancelled, { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-1', paidAt: '2026-04-30' })).toEqual({
      category: 'conflict',
      status: 409,
      message: 'Bunga tidak dalam status Jatuh Tempo Bayar (status saat ini: Dibatalkan).',
    });
    expect(installmentWhyNot(cancelled, { type: 'installment.capitalise', actor: actors.system, today: '2026-04-30', paidAt: '2026-04-30', tax: 0, netInterest: 49_315 })).toEqual({
      category: 'conflict',
      status: 409,
      message: 'Bunga tidak dalam status Terjadwal atau Jatuh Tempo Bayar (status saat ini: Dibatalkan).',
    });
  });

  it('explains refusals with the HTTP status to answer', () => {
    const due = restoreInstallment('due', context);
    const pay = { type: 'installment.markPaid', actor: actors.supervisor, today: '2026-05-04', reference: 'TRF-1', paidAt: '2026-04-30' } as const;
    expect(installmentWhyNot(due, { ...pay, actor: actors.operator })).toEqual({ category: 'forbidden', status: 403, message: 'Hanya supervisor yang dapat menandai bunga sudah dibayar.' });
    expect(installmentWhyNot(restoreInstallment('paid', context), pay)).toEqual({
      category: 'conflict',
      status: 409,
      message: 'Bunga tidak dalam status Jatuh Tempo Bayar (status saat ini: Sudah Dibayar).',
    });
    expect(installmentWhyNot(due, { ...pay, reference: '' })).toEqual({ category: 'invalid', status: 400, message: 'Nomor referensi transfer wajib diisi.' });
    expect(installmentWhyNot(restoreInstallment('scheduled', context), { type: 'installment.fallDue', actor: actors.system, today: '2026-04-29' })).toEqual({
      category: 'conflict',
      status: 409,
      message: 'Tanggal bayar bunga belum tiba (30-Apr-2026).',
    });
  });

  it('decideInstallment returns the paid context for the server to store', () => {
    const outcome = decideInstallment(restoreInstallment('due', context), {
      type: 'installment.markPaid',
      actor: actors.supervisor,
      today: '2026-05-04',
      reference: ' TRF-BUNGA-2026-04 ',
      paidAt: '2026-04-30',
    });
    expect(outcome.ok && outcome.status).toBe('paid');
    expect(outcome.ok && outcome.context).toMatchObject({ reference: 'TRF-BUNGA-2026-04', paidAt: '2026-04-30', paidBy: 'usr-spv-1' });
  });
});
