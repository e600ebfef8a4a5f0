import { describe, expect, it } from 'vitest';
import {
  depositEventTypeSchema,
  depositStatusSchema,
  refusalCategorySchema,
  type DepositStatus,
} from '../../contract/deposit';
import {
  allowedEvents,
  blockedEvents,
  decide,
  depositContext,
  depositEventLabels,
  depositEventRoles,
  depositEventSources,
  depositMachine,
  depositStatusLabels,
  previewBreakFor,
  REFUSAL_STATUS,
  restoreDeposit,
  scheduleFor,
  unprocessedStatuses,
  whyNot,
  type DepositContext,
  type DepositEvent,
  type DepositSnapshot,
  type Refusal,
} from '../../machines/deposit';
import { DEFAULT_TAX_SETTINGS, hasRole, isIsoDate, stopAroCutoff, type Actor } from '../../machines/deposit-rules';
import { actors, DATES, describeEvent, events, HOLIDAYS, inputs, paths, product, settlement } from './deposit.model';
import { describeSteps, replay, unwalked } from './walk';

// ---------------------------------------------------------------------------------------------
// The oracle: what DOMAIN.md says each event does, written out independently of the machine's
// check table. `null` = refused; otherwise the state and the context changes expected.

type Expected = { status: DepositStatus; context: Partial<DepositContext> } | null;

const staff = (actor: Actor) => hasRole(actor.role, 'OPERATOR');
const supervisor = (actor: Actor) => hasRole(actor.role, 'SUPERVISOR');
const job = (actor: Actor) => actor.role === 'SYSTEM';
const partner = (actor: Actor) => actor.role === 'PARTNER';
const filled = (text: string | undefined) => typeof text === 'string' && text.trim() !== '';
/** 3 months after each value date or period start the walk can produce (hand-computed). */
const PLUS_3_MONTHS: Record<string, string> = { '2026-02-27': '2026-05-27', '2026-03-02': '2026-06-02', '2026-05-27': '2026-08-27', '2026-06-02': '2026-09-02' };
const PLUS_6_MONTHS: Record<string, string> = { '2026-06-05': '2026-12-05' };

/** What a hold in force freezes (DOMAIN.md "Holds (blokir)"): the money leaving and the terms changing. */
const FROZEN_BY_A_HOLD: readonly DepositEvent['type'][] = ['deposit.stopAro', 'deposit.extend', 'deposit.requestBreak', 'deposit.approveBreak', 'deposit.requestDisbursement', 'deposit.markPaid'];

function expectedOutcome(status: DepositStatus, c: DepositContext, e: DepositEvent): Expected {
  const same = (context: Partial<DepositContext> = {}) => ({ status, context });
  if (c.hold !== null && FROZEN_BY_A_HOLD.includes(e.type)) return null;
  switch (e.type) {
    case 'deposit.approve':
      if (status !== 'pending' || !supervisor(e.actor)) return null;
      return { status: c.depositDate <= e.today ? 'active' : 'approved', context: {} };
    case 'deposit.reject':
      return status === 'pending' && supervisor(e.actor) && filled(e.reason) ? { status: 'rejected', context: {} } : null;
    case 'deposit.cancel':
      return (status === 'pending' || status === 'approved') && supervisor(e.actor) && filled(e.reason) ? { status: 'cancelled', context: {} } : null;
    case 'deposit.withdraw':
      return status === 'pending' && partner(e.actor) && filled(e.reason) ? { status: 'cancelled', context: {} } : null;
    case 'deposit.changeDate':
      if (!(status === 'pending' || status === 'approved') || !supervisor(e.actor) || e.depositDate < c.placementDate) return null;
      // An approved deposit whose value date is moved to today or earlier starts at once.
      return {
        status: status === 'approved' && e.depositDate <= e.today ? 'active' : status,
        context: { depositDate: e.depositDate, periodStart: e.depositDate, maturityDate: PLUS_3_MONTHS[e.depositDate] },
      };
    case 'deposit.activate':
      return status === 'approved' && job(e.actor) && c.depositDate <= e.today ? { status: 'active', context: {} } : null;
    case 'deposit.stopAro':
      if (status !== 'active' || !staff(e.actor) || c.instruction === 'PAYOUT') return null;
      return e.today < stopAroCutoff(c.maturityDate, HOLIDAYS) ? same({ instruction: 'PAYOUT' }) : null;
    case 'deposit.rollover':
      if (status !== 'active' || !job(e.actor) || c.instruction === 'PAYOUT' || e.today < c.maturityDate) return null;
      return same({
        amount: c.instruction === 'ARO_PLUS' ? c.amount + e.netInterest : c.amount,
        rateBps: e.rateBps,
        periodStart: c.maturityDate,
        maturityDate: PLUS_3_MONTHS[c.maturityDate],
        periodNumber: c.periodNumber + 1,
      });
    case 'deposit.mature':
      return status === 'active' && job(e.actor) && c.instruction === 'PAYOUT' && e.today >= c.maturityDate ? { status: 'matured', context: {} } : null;
    case 'deposit.extend': {
      const offered = product.rates[0]!.tenors.find((t) => t.tenorMonths === e.tenorMonths);
      if (status !== 'matured' || !staff(e.actor) || !offered) return null;
      return {
        status: 'active',
        context: { tenorMonths: e.tenorMonths, rateBps: offered.rateBps, periodStart: e.today, maturityDate: PLUS_6_MONTHS[e.today], periodNumber: c.periodNumber + 1 },
      };
    }
    case 'deposit.requestBreak':
      if (status !== 'active' || !(staff(e.actor) || partner(e.actor)) || e.today >= c.maturityDate) return null;
      if (e.breakDate < e.today || e.breakDate < c.periodStart || e.breakDate >= c.maturityDate) return null;
      return { status: 'breakRequested', context: { breakRequest: { requestedBy: e.actor.id, requestedOn: e.today, breakDate: e.breakDate, reason: e.reason ?? null } } };
    case 'deposit.approveBreak': {
      const s = e.settlement;
      const consistent = s.principal + s.accruedInterest - s.tax - s.penalty + s.earlierInterest - s.earlierTax === s.payout;
      if (status !== 'breakRequested' || !supervisor(e.actor) || c.breakRequest?.requestedBy === e.actor.id || !consistent) return null;
      return { status: 'disbursing', context: { settlement: s, disbursementReason: 'broken' } };
    }
    case 'deposit.rejectBreak':
      return status === 'breakRequested' && supervisor(e.actor) && filled(e.reason) ? { status: 'active', context: { breakRequest: null } } : null;
    case 'deposit.requestDisbursement':
      return status === 'matured' && staff(e.actor) ? { status: 'disbursing', context: { disbursementReason: 'matured' } } : null;
    case 'deposit.markPaid':
      if (status !== 'disbursing' || !supervisor(e.actor) || !['none', 'returned', 'lost'].includes(c.bilyet)) return null;
      if (!filled(e.reference) || !filled(e.proofFileId)) return null;
      return {
        status: 'closed',
        context: { closeReason: c.disbursementReason, payment: { reference: e.reference, proofFileId: e.proofFileId, paidAt: e.paidAt, paidBy: e.actor.id } },
      };
  }
}

/** What each state means, whatever path led there. */
function assertStateMeaning(snapshot: DepositSnapshot) {
  const c = snapshot.context;
  const status = snapshot.value as DepositStatus;
  expect(c.breakRequest !== null).toBe(status === 'breakRequested' || (status === 'disbursing' && c.disbursementReason === 'broken') || (status === 'closed' && c.closeReason === 'broken'));
  expect(c.disbursementReason !== null).toBe(status === 'disbursing' || status === 'closed');
  expect(c.closeReason !== null).toBe(status === 'closed');
  expect(c.payment !== null).toBe(status === 'closed');
  expect(c.settlement !== null).toBe(c.disbursementReason === 'broken');
  if (status === 'matured') expect(c.instruction).toBe('PAYOUT');
  if (status === 'pending' || status === 'approved') expect(c.periodNumber).toBe(1);
  expect(isIsoDate(c.maturityDate)).toBe(true);
  expect(c.periodStart < c.maturityDate).toBe(true);
  expect(snapshot.status).toBe(['closed', 'rejected', 'cancelled'].includes(status) ? 'done' : 'active');
}

describe('deposit machine: generated paths walk every transition', () => {
  const walked = new Set<string>();

  it('generates paths for every representative deposit', () => {
    expect(paths.filter((p) => p.inputName === 'aroBilyetReturned').length).toBeGreaterThan(20);
    expect(paths.filter((p) => p.inputName === 'aroPlusBilyetWithCustomer').length).toBeGreaterThan(20);
    // Held, it still reaches every state but the ones only a frozen event leads to.
    const heldStates = new Set(paths.filter((p) => p.inputName === 'aroHeldAsCollateral').flatMap((p) => p.steps.map((step) => step.state.value)));
    expect([...heldStates].sort()).toEqual(['active', 'approved', 'cancelled', 'pending', 'rejected']);
  });

  for (const [index, path] of paths.entries()) {
    it(`${path.inputName} #${index}: ${describeSteps(path.steps, describeEvent)}`, () => {
      let previous = depositMachine.resolveState({ value: 'pending', context: depositContext(path.input) });
      const taken = replay(depositMachine, path.steps, {
        input: path.input,
        afterEach: (snapshot, step) => {
          if (step.event.type === 'xstate.init') {
            expect(snapshot.value).toBe('pending');
            previous = snapshot as DepositSnapshot;
            return;
          }
          const event = step.event as DepositEvent;
          const expected = expectedOutcome(previous.value as DepositStatus, previous.context, event);
          const refusal = whyNot(previous, event);
          // The guard, can(), whyNot and the oracle all agree.
          expect(previous.can(event)).toBe(expected !== null);
          expect(refusal === null).toBe(expected !== null);
          if (expected === null) {
            expect(snapshot.value).toBe(previous.value);
            expect(snapshot.context).toEqual(previous.context);
            expect(Object.keys(REFUSAL_STATUS)).toContain(refusal!.category);
          } else {
            expect(snapshot.value).toBe(expected.status);
            expect(snapshot.context).toEqual({ ...previous.context, ...expected.context });
          }
          assertStateMeaning(snapshot as DepositSnapshot);
          previous = snapshot as DepositSnapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });
  }

  it('walked every transition the machine defines', () => {
    expect(walked.size).toBeGreaterThan(0);
    expect(unwalked(depositMachine, walked)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Scenarios for the server and the action menu.

const context = (overrides: Partial<DepositContext> = {}) => ({ ...depositContext(inputs.aroBilyetReturned), ...overrides });
const at = (status: DepositStatus, overrides: Partial<DepositContext> = {}) => restoreDeposit(status, context(overrides));
const mid = DATES.midTerm;

describe('allowedEvents: exactly the actions this user may start on this deposit today', () => {
  it('pending: supervisors and admins decide; an operator sees nothing', () => {
    const decisions = ['deposit.approve', 'deposit.reject', 'deposit.cancel', 'deposit.changeDate'];
    expect(allowedEvents(at('pending'), actors.supervisor, DATES.beforeValueDate)).toEqual(decisions);
    expect(allowedEvents(at('pending'), actors.admin, DATES.beforeValueDate)).toEqual(decisions);
    expect(allowedEvents(at('pending'), actors.operator, DATES.beforeValueDate)).toEqual([]);
  });

  it('pending with an inactive product: approve disappears, reject stays', () => {
    expect(allowedEvents(at('pending', { product: { ...product, active: false } }), actors.supervisor, mid)).toEqual([
      'deposit.reject',
      'deposit.cancel',
      'deposit.changeDate',
    ]);
  });

  it('approved: cancel and change date for a supervisor; activation is the daily job’s once the value date arrives', () => {
    expect(allowedEvents(at('approved'), actors.supervisor, DATES.beforeValueDate)).toEqual(['deposit.cancel', 'deposit.changeDate']);
    expect(allowedEvents(at('approved'), actors.system, DATES.beforeValueDate)).toEqual([]);
    expect(allowedEvents(at('approved'), actors.system, DATES.valueDate)).toEqual(['deposit.activate']);
  });

  it('active ARO mid-term: an operator may stop ARO and request a break; a supervisor too; nothing the day of the cut-off but a break', () => {
    expect(allowedEvents(at('active'), actors.operator, mid)).toEqual(['deposit.stopAro', 'deposit.requestBreak']);
    expect(allowedEvents(at('active'), actors.supervisor, mid)).toEqual(['deposit.stopAro', 'deposit.requestBreak']);
    expect(allowedEvents(at('active'), actors.operator, DATES.cutoffDay)).toEqual(['deposit.requestBreak']);
    expect(allowedEvents(at('active'), actors.operator, '2026-05-28')).toEqual(['deposit.stopAro', 'deposit.requestBreak']);
  });

  it('active at maturity: staff can do nothing; the job rolls an ARO deposit and matures a PAYOUT one', () => {
    expect(allowedEvents(at('active'), actors.operator, DATES.maturity)).toEqual([]);
    expect(allowedEvents(at('active'), actors.system, DATES.maturity)).toEqual(['deposit.rollover']);
    expect(allowedEvents(at('active', { instruction: 'PAYOUT' }), actors.system, DATES.maturity)).toEqual(['deposit.mature']);
  });

  it('breakRequested: the requester cannot approve their own request, another supervisor can', () => {
    const requested = at('breakRequested', { breakRequest: { requestedBy: actors.supervisor.id, requestedOn: mid, breakDate: mid, reason: null } });
    expect(allowedEvents(requested, actors.supervisor, mid)).toEqual(['deposit.rejectBreak']);
    expect(allowedEvents(requested, actors.otherSupervisor, mid)).toEqual(['deposit.approveBreak', 'deposit.rejectBreak']);
    expect(allowedEvents(requested, actors.operator, mid)).toEqual([]);
  });

  it('matured: an operator extends or requests the payout', () => {
    expect(allowedEvents(at('matured', { instruction: 'PAYOUT' }), actors.operator, DATES.afterMaturity)).toEqual(['deposit.extend', 'deposit.requestDisbursement']);
  });

  it('disbursing: mark paid only for a supervisor and only once the bilyet is back or recorded lost', () => {
    const paying = (bilyet: DepositContext['bilyet']) => at('disbursing', { disbursementReason: 'matured', bilyet });
    expect(allowedEvents(paying('returned'), actors.supervisor, DATES.payout)).toEqual(['deposit.markPaid']);
    expect(allowedEvents(paying('lost'), actors.supervisor, DATES.payout)).toEqual(['deposit.markPaid']);
    expect(allowedEvents(paying('received'), actors.supervisor, DATES.payout)).toEqual([]);
    expect(allowedEvents(paying('returned'), actors.operator, DATES.payout)).toEqual([]);
  });

  it('final states offer nothing to anyone', () => {
    for (const status of ['closed', 'rejected', 'cancelled'] as const) {
      for (const actor of Object.values(actors)) expect(allowedEvents(at(status), actor, mid)).toEqual([]);
    }
  });
});

describe('blockedEvents: what this role could do in this state but may not today, with the reason', () => {
  const blocked = (snapshot: DepositSnapshot, actor: Actor, today: string) => blockedEvents(snapshot, actor, today);

  it('disbursing with the bilyet still at the customer: a supervisor sees mark paid refused for the bilyet; an operator sees nothing', () => {
    const paying = (bilyet: DepositContext['bilyet']) => at('disbursing', { disbursementReason: 'broken', bilyet });
    expect(blocked(paying('received'), actors.supervisor, DATES.payout)).toEqual([
      {
        type: 'deposit.markPaid',
        reason: 'Bilyet deposito belum dikembalikan nasabah; catat pengembalian bilyet, atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.',
      },
    ]);
    expect(blocked(paying('issued'), actors.admin, DATES.payout)).toEqual([
      {
        type: 'deposit.markPaid',
        reason:
          'Bilyet deposito masih di bank; catat penerimaan lalu pengembalian bilyet, atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.',
      },
    ]);
    expect(blocked(paying('returned'), actors.supervisor, DATES.payout)).toEqual([]);
    expect(blocked(paying('received'), actors.operator, DATES.payout)).toEqual([]);
  });

  it('active from the cut-off day: stop ARO refused with the last day (29 May is the cut-off: 30-31 May weekend, 1 June a holiday)', () => {
    expect(blocked(at('active'), actors.operator, mid)).toEqual([]);
    expect(blocked(at('active'), actors.operator, DATES.cutoffDay)).toEqual([
      { type: 'deposit.stopAro', reason: 'Batas waktu penghentian ARO telah lewat: paling lambat 28-Mei-2026.' },
    ]);
  });

  it('active at maturity: both staff events refused with their reasons, the daily job’s events never shown to staff', () => {
    expect(blocked(at('active'), actors.supervisor, DATES.maturity)).toEqual([
      { type: 'deposit.stopAro', reason: 'Batas waktu penghentian ARO telah lewat: paling lambat 28-Mei-2026.' },
      { type: 'deposit.requestBreak', reason: 'Deposito sudah jatuh tempo (02-Jun-2026); pencairan awal tidak dapat diajukan.' },
    ]);
  });

  it('a non-ARO deposit: stop ARO refused because there is nothing to stop', () => {
    expect(blocked(at('active', { instruction: 'PAYOUT' }), actors.operator, mid)).toEqual([
      { type: 'deposit.stopAro', reason: 'Instruksi jatuh tempo deposito ini sudah bukan ARO.' },
    ]);
  });

  it('breakRequested: the requester sees approving refused (another supervisor must); rejecting stays allowed', () => {
    const requested = at('breakRequested', { breakRequest: { requestedBy: actors.supervisor.id, requestedOn: mid, breakDate: mid, reason: null } });
    expect(blocked(requested, actors.supervisor, mid)).toEqual([
      { type: 'deposit.approveBreak', reason: 'Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.' },
    ]);
    expect(blocked(requested, actors.otherSupervisor, mid)).toEqual([]);
  });

  it('pending with an inactive product: approving refused for the product', () => {
    expect(blocked(at('pending', { product: { ...product, active: false } }), actors.supervisor, mid)).toEqual([
      { type: 'deposit.approve', reason: 'Produk deposito ini sudah tidak aktif.' },
    ]);
  });

  it('together with allowedEvents: every event of the state the role may take, each exactly once', () => {
    const snapshots = [
      ...depositStatusSchema.options.map((status) => at(status)),
      at('disbursing', { bilyet: 'received' }),
      at('active', { instruction: 'PAYOUT' }),
      at('pending', { product: { ...product, active: false } }),
      at('breakRequested', { breakRequest: { requestedBy: actors.supervisor.id, requestedOn: mid, breakDate: mid, reason: null } }),
    ];
    for (const snapshot of snapshots) {
      const status = snapshot.value as DepositStatus;
      for (const actor of Object.values(actors)) {
        for (const today of Object.values(DATES)) {
          const allowed = allowedEvents(snapshot, actor, today);
          const refused = blockedEvents(snapshot, actor, today).map((entry) => entry.type);
          // A partner also asks for its customer's early withdrawal (DOMAIN.md "Roles").
          const mayTake = (type: DepositEvent['type']) => hasRole(actor.role, depositEventRoles[type]) || (actor.role === 'PARTNER' && type === 'deposit.requestBreak');
          const expected = depositEventTypeSchema.options.filter((type) => depositEventSources[type].includes(status) && mayTake(type));
          expect([...allowed, ...refused].sort(), `${status} ${actor.id} ${today}`).toEqual([...expected].sort());
          expect(allowed.filter((type) => refused.includes(type)), `${status} ${actor.id} ${today}`).toEqual([]);
        }
      }
    }
  });
});

describe('whyNot: a reason staff can act on, categorised for the HTTP status', () => {
  const refusal = (category: Refusal['category'], message: string): Refusal => ({ category, status: REFUSAL_STATUS[category], message });

  it('role → 403', () => {
    expect(whyNot(at('pending'), { type: 'deposit.approve', actor: actors.operator, today: mid })).toEqual(
      refusal('forbidden', 'Hanya supervisor yang dapat menyetujui deposito.'),
    );
    expect(whyNot(at('approved'), { type: 'deposit.activate', actor: actors.admin, today: mid })).toEqual(
      refusal('forbidden', 'Hanya proses harian sistem yang dapat mengaktifkan deposito.'),
    );
    expect(whyNot(at('active'), { type: 'deposit.requestBreak', actor: actors.system, today: mid, breakDate: mid })).toEqual(
      refusal('forbidden', 'Hanya staf BPR atau mitra penempatnya yang dapat mengajukan pencairan awal.'),
    );
  });

  it('role is answered before state: an operator approving an active deposit still gets 403', () => {
    expect(whyNot(at('active'), { type: 'deposit.approve', actor: actors.operator, today: mid })?.status).toBe(403);
  });

  it("approving one's own counter placement → 409 in Indonesian; another supervisor may", () => {
    const placed = at('pending', { placedBy: actors.supervisor.id });
    expect(whyNot(placed, { type: 'deposit.approve', actor: actors.supervisor, today: DATES.valueDate })).toEqual(
      refusal('conflict', 'Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.'),
    );
    expect(whyNot(placed, { type: 'deposit.approve', actor: actors.otherSupervisor, today: DATES.valueDate })).toBeNull();
    expect(allowedEvents(placed, actors.supervisor, DATES.valueDate)).not.toContain('deposit.approve');
  });

  it('approving one’s own break request → 403', () => {
    const requested = at('breakRequested', { breakRequest: { requestedBy: actors.supervisor.id, requestedOn: mid, breakDate: mid, reason: null } });
    expect(whyNot(requested, { type: 'deposit.approveBreak', actor: actors.supervisor, today: mid, settlement })).toEqual(
      refusal('forbidden', 'Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.'),
    );
  });

  it('wrong state → 409 naming the expected and the current status', () => {
    expect(whyNot(at('active'), { type: 'deposit.approve', actor: actors.supervisor, today: mid })).toEqual(
      refusal('conflict', 'Deposito tidak dalam status Menunggu Persetujuan (status saat ini: Aktif).'),
    );
    expect(whyNot(at('closed'), { type: 'deposit.cancel', actor: actors.supervisor, today: mid, reason: 'x' })).toEqual(
      refusal('conflict', 'Deposito tidak dalam status Menunggu Persetujuan atau Disetujui (status saat ini: Selesai).'),
    );
  });

  it('business date, product and bilyet conditions → 409', () => {
    expect(whyNot(at('active'), { type: 'deposit.stopAro', actor: actors.operator, today: DATES.cutoffDay })).toEqual(
      refusal('conflict', 'Batas waktu penghentian ARO telah lewat: paling lambat 28-Mei-2026.'),
    );
    expect(whyNot(at('active', { instruction: 'PAYOUT' }), { type: 'deposit.stopAro', actor: actors.operator, today: mid })).toEqual(
      refusal('conflict', 'Instruksi jatuh tempo deposito ini sudah bukan ARO.'),
    );
    expect(whyNot(at('active'), { type: 'deposit.requestBreak', actor: actors.operator, today: DATES.maturity, breakDate: DATES.maturity })).toEqual(
      refusal('conflict', 'Deposito sudah jatuh tempo (02-Jun-2026); pencairan awal tidak dapat diajukan.'),
    );
    expect(whyNot(at('approved'), { type: 'deposit.activate', actor: actors.system, today: DATES.beforeValueDate })).toEqual(
      refusal('conflict', 'Tanggal efektif belum tiba (02-Mar-2026).'),
    );
    expect(whyNot(at('active'), { type: 'deposit.rollover', actor: actors.system, today: mid, rateBps: 500, netInterest: 0 })).toEqual(
      refusal('conflict', 'Deposito belum jatuh tempo (jatuh tempo 02-Jun-2026).'),
    );
    expect(whyNot(at('pending', { product: { ...product, active: false } }), { type: 'deposit.approve', actor: actors.supervisor, today: mid })).toEqual(
      refusal('conflict', 'Produk deposito ini sudah tidak aktif.'),
    );
    expect(whyNot(at('pending', { amount: 999_999 }), { type: 'deposit.approve', actor: actors.supervisor, today: mid })).toEqual(
      refusal('conflict', 'Nominal Rp 999.999 di luar batas produk (Rp 1.000.000 – Rp 2.000.000.000).'),
    );
    expect(whyNot(at('pending', { tenorMonths: 12 }), { type: 'deposit.approve', actor: actors.supervisor, today: mid })).toEqual(
      refusal('conflict', 'Tenor 12 bulan tidak ditawarkan produk ini.'),
    );
    expect(
      whyNot(at('disbursing', { disbursementReason: 'matured', bilyet: 'shipped' }), {
        type: 'deposit.markPaid',
        actor: actors.supervisor,
        today: DATES.payout,
        reference: 'TRF-1',
        proofFileId: 'file-1',
        paidAt: DATES.paidAt,
      }),
    ).toEqual(
      refusal(
        'conflict',
        'Bilyet deposito masih dalam pengiriman; catat penerimaan lalu pengembalian bilyet, atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.',
      ),
    );
  });

  it('mark paid with the bilyet out: the refusal tells staff what to record, by where the bilyet is', () => {
    const markPaid = (bilyet: DepositContext['bilyet']) =>
      whyNot(at('disbursing', { disbursementReason: 'matured', bilyet }), {
        type: 'deposit.markPaid',
        actor: actors.supervisor,
        today: DATES.payout,
        reference: 'TRF-1',
        proofFileId: 'file-1',
        paidAt: DATES.paidAt,
      });
    const orLost = 'atau catat kehilangan dengan surat keterangan, sebelum pencairan ditandai dibayar.';
    expect(markPaid('issued')).toEqual(refusal('conflict', `Bilyet deposito masih di bank; catat penerimaan lalu pengembalian bilyet, ${orLost}`));
    expect(markPaid('shipped')).toEqual(refusal('conflict', `Bilyet deposito masih dalam pengiriman; catat penerimaan lalu pengembalian bilyet, ${orLost}`));
    expect(markPaid('received')).toEqual(refusal('conflict', `Bilyet deposito belum dikembalikan nasabah; catat pengembalian bilyet, ${orLost}`));
    // Never issued: nothing to return. Returned, or lost (the bilyet machine records a loss only with its statement): paid.
    for (const bilyet of ['none', 'returned', 'lost'] as const) expect(markPaid(bilyet)).toBeNull();
  });

  it('payload → 400', () => {
    expect(whyNot(at('pending'), { type: 'deposit.reject', actor: actors.supervisor, today: mid, reason: ' ' })).toEqual(refusal('invalid', 'Alasan wajib diisi.'));
    expect(whyNot(at('pending'), { type: 'deposit.changeDate', actor: actors.supervisor, today: mid, depositDate: '2026-02-30' })).toEqual(
      refusal('invalid', 'Tanggal efektif tidak valid.'),
    );
    expect(whyNot(at('pending'), { type: 'deposit.changeDate', actor: actors.supervisor, today: mid, depositDate: DATES.beforePlacement })).toEqual(
      refusal('invalid', 'Tanggal efektif tidak boleh sebelum tanggal penempatan (20-Feb-2026).'),
    );
    expect(whyNot(at('matured', { instruction: 'PAYOUT' }), { type: 'deposit.extend', actor: actors.operator, today: DATES.afterMaturity, tenorMonths: 12 })).toEqual(
      refusal('invalid', 'Tenor 12 bulan tidak ditawarkan produk ini.'),
    );
    expect(whyNot(at('active'), { type: 'deposit.requestBreak', actor: actors.operator, today: mid, breakDate: '2026-04-14' })).toEqual(
      refusal('invalid', 'Tanggal pencairan harus mulai hari ini dan sebelum jatuh tempo (02-Jun-2026).'),
    );
    const paying = at('disbursing', { disbursementReason: 'matured' });
    const paid = { type: 'deposit.markPaid', actor: actors.supervisor, today: DATES.payout, reference: 'TRF-1', proofFileId: 'file-1', paidAt: DATES.paidAt } as const;
    expect(whyNot(paying, { ...paid, reference: '' })).toEqual(refusal('invalid', 'Nomor referensi transfer wajib diisi.'));
    expect(whyNot(paying, { ...paid, proofFileId: '' })).toEqual(refusal('invalid', 'Bukti transfer wajib diunggah.'));
    expect(whyNot(paying, { ...paid, paidAt: '2026-06-11' })).toEqual(refusal('invalid', 'Tanggal transfer tidak boleh setelah hari ini.'));
    expect(whyNot(paying, { ...paid, today: '10-06-2026' })).toEqual(refusal('invalid', 'Tanggal bisnis tidak valid.'));
  });

  it('an unknown event type is refused, not thrown', () => {
    expect(whyNot(at('pending'), { type: 'deposit.teleport', actor: actors.admin, today: mid } as never)?.status).toBe(400);
  });
});

describe('whyNot and the machine never disagree', () => {
  it('for every state, every representative event and every deposit (with and without a break request)', () => {
    let checked = 0;
    for (const input of Object.values(inputs)) {
      for (const status of depositStatusSchema.options) {
        for (const breakRequest of [null, { requestedBy: actors.supervisor.id, requestedOn: mid, breakDate: mid, reason: null }]) {
          const snapshot = restoreDeposit(status, { ...depositContext(input), breakRequest, disbursementReason: status === 'disbursing' ? 'matured' : null });
          for (const event of events) {
            expect(whyNot(snapshot, event) === null, `${status} ${describeEvent(event)}`).toBe(snapshot.can(event));
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(Object.keys(inputs).length * 9 * 2 * events.length);
  });
});

describe('decide: the server’s one call', () => {
  it('approve with a past value date goes straight to active', () => {
    const outcome = decide(at('pending'), { type: 'deposit.approve', actor: actors.supervisor, today: mid });
    expect(outcome.ok && outcome.status).toBe('active');
  });

  it('changeDate recomputes the maturity with month-end clamping: 31 Mar + 3 months = 30 Jun', () => {
    const outcome = decide(at('pending'), { type: 'deposit.changeDate', actor: actors.supervisor, today: DATES.beforeValueDate, depositDate: '2026-03-31' });
    expect(outcome.ok && outcome.context).toMatchObject({ depositDate: '2026-03-31', periodStart: '2026-03-31', maturityDate: '2026-06-30' });
  });

  it('rollover ARO+ adds the net interest; ARO keeps the principal', () => {
    const event = { type: 'deposit.rollover', actor: actors.system, today: DATES.maturity, rateBps: 500, netInterest: 604_931 } as const;
    const plus = decide(at('active', { instruction: 'ARO_PLUS' }), event);
    const plain = decide(at('active'), event);
    expect(plus.ok && plus.context).toMatchObject({ amount: 50_604_931, rateBps: 500, periodStart: '2026-06-02', maturityDate: '2026-09-02', periodNumber: 2 });
    expect(plain.ok && plain.context.amount).toBe(50_000_000);
  });

  it('rejectBreak returns to active with the request cleared', () => {
    const requested = at('breakRequested', { breakRequest: { requestedBy: actors.operator.id, requestedOn: mid, breakDate: mid, reason: null } });
    const outcome = decide(requested, { type: 'deposit.rejectBreak', actor: actors.supervisor, today: mid, reason: 'Dokumen tidak lengkap.' });
    expect(outcome.ok && outcome.status).toBe('active');
    expect(outcome.ok && outcome.context.breakRequest).toBeNull();
  });

  it('markPaid after a break closes with closeReason broken', () => {
    const paying = at('disbursing', { disbursementReason: 'broken', settlement, breakRequest: { requestedBy: 'usr-op-1', requestedOn: mid, breakDate: mid, reason: null } });
    const outcome = decide(paying, { type: 'deposit.markPaid', actor: actors.supervisor, today: DATES.payout, reference: ' TRF-9 ', proofFileId: 'file-9', paidAt: DATES.paidAt });
    expect(outcome.ok && outcome.context).toMatchObject({ closeReason: 'broken', payment: { reference: 'TRF-9', proofFileId: 'file-9', paidAt: DATES.paidAt, paidBy: 'usr-spv-1' } });
  });

  it('a refusal carries the status to answer', () => {
    const outcome = decide(at('pending'), { type: 'deposit.approve', actor: actors.operator, today: mid });
    expect(outcome).toEqual({ ok: false, refusal: { category: 'forbidden', status: 403, message: 'Hanya supervisor yang dapat menyetujui deposito.' } });
  });
});

describe('figures for the current period', () => {
  // Rp 50.000.000 at 5,50% from Mon 2 Mar 2026 for 3 months, monthly.
  //   k1 [2 Mar, 2 Apr) 31 days: 50 000 000 × 550 × 31 ÷ 3 650 000 = 233 561,64 → 233 562
  //   k2 [2 Apr, 2 May) 30 days: … × 30 → 226 027,40 → 226 027; pay date Sat 2 May → Mon 4 May
  //   k3 [2 May, 2 Jun) 31 days: 233 562; pay date Tue 2 Jun
  it('scheduleFor: the schedule of the current period with the holiday list', () => {
    expect(scheduleFor(context(), HOLIDAYS).map((i) => [i.periodEnd, i.payDate, i.grossInterest])).toEqual([
      ['2026-04-02', '2026-04-02', 233_562],
      ['2026-05-02', '2026-05-04', 226_027],
      ['2026-06-02', '2026-06-02', 233_562],
    ]);
  });

  it('previewBreakFor: the product’s penalty (0,5%) and the tax context', () => {
    // Break on 15 Apr, k1 paid: k2 accrued 2 Apr → 15 Apr = 13 days → 50 000 000 × 550 × 13 ÷ 3 650 000
    // = 97 945,21 → 97 945; tax 20% = 19 589; net 78 356; penalty 250 000;
    // payout = 50 000 000 + 78 356 − 250 000 = 49 828 356.
    const installments = scheduleFor(context(), HOLIDAYS).map((i) => ({ ...i, paid: i.sequence === 1 }));
    expect(previewBreakFor(context(), { breakDate: mid, installments, tax: { customerActivePrincipal: 50_000_000, settings: DEFAULT_TAX_SETTINGS } })).toEqual({
      principal: 50_000_000,
      accruedInterest: 97_945,
      forfeitedInterest: 0,
      tax: 19_589,
      penalty: 250_000,
      earlierInterest: 0,
      earlierTax: 0,
      payout: 49_828_356,
    });
  });
});

describe('exports agree with the contract and the machine', () => {
  it('labels for every state and event of the contract', () => {
    expect(Object.keys(depositStatusLabels).sort()).toEqual([...depositStatusSchema.options].sort());
    expect(Object.keys(depositEventLabels).sort()).toEqual([...depositEventTypeSchema.options].sort());
    expect(depositStatusLabels.breakRequested).toBe('Pengajuan Pencairan Awal');
    expect(unprocessedStatuses).toEqual(['pending', 'breakRequested', 'matured', 'disbursing']);
    expect(Object.keys(REFUSAL_STATUS).sort()).toEqual([...refusalCategorySchema.options].sort());
  });

  it('the states each event is defined in, per DOMAIN.md, are the machine\'s (depositEventSources reads them from its transitions)', () => {
    expect(depositEventSources).toEqual({
      'deposit.approve': ['pending'],
      'deposit.reject': ['pending'],
      'deposit.cancel': ['pending', 'approved'],
      'deposit.withdraw': ['pending'],
      'deposit.changeDate': ['pending', 'approved'],
      'deposit.activate': ['approved'],
      'deposit.stopAro': ['active'],
      'deposit.rollover': ['active'],
      'deposit.mature': ['active'],
      'deposit.extend': ['matured'],
      'deposit.requestBreak': ['active'],
      'deposit.approveBreak': ['breakRequested'],
      'deposit.rejectBreak': ['breakRequested'],
      'deposit.requestDisbursement': ['matured'],
      'deposit.markPaid': ['disbursing'],
    });
  });

  it('roles per DOMAIN.md', () => {
    expect(depositEventRoles).toEqual({
      'deposit.approve': 'SUPERVISOR',
      'deposit.reject': 'SUPERVISOR',
      'deposit.cancel': 'SUPERVISOR',
      'deposit.withdraw': 'PARTNER',
      'deposit.changeDate': 'SUPERVISOR',
      'deposit.activate': 'SYSTEM',
      'deposit.stopAro': 'OPERATOR',
      'deposit.rollover': 'SYSTEM',
      'deposit.mature': 'SYSTEM',
      'deposit.extend': 'OPERATOR',
      'deposit.requestBreak': 'OPERATOR',
      'deposit.approveBreak': 'SUPERVISOR',
      'deposit.rejectBreak': 'SUPERVISOR',
      'deposit.requestDisbursement': 'OPERATOR',
      'deposit.markPaid': 'SUPERVISOR',
    });
  });
});
