import { describe, expect, it } from 'vitest';
import { bilyetEventTypeSchema, bilyetStatusSchema, type BilyetStatus } from '../../contract/deposit';
import {
  bilyetAllowedEvents,
  bilyetContext,
  bilyetEventLabels,
  bilyetEventSources,
  bilyetMachine,
  bilyetStatusLabels,
  bilyetWhyNot,
  decideBilyet,
  depositStatusesForBilyet,
  restoreBilyet,
  type BilyetContext,
  type BilyetEvent,
  type BilyetSnapshot,
} from '../../machines/bilyet';
import { hasRole, REFUSAL_STATUS, refusal, type Actor } from '../../machines/deposit-rules';
import { actors, DATES, describeEvent, inputs, NUMBERS, paths } from './bilyet.model';
import { describeSteps, replay, unwalked } from './walk';

// ---------------------------------------------------------------------------------------------
// The oracle: what DOMAIN.md and the brief say each event does, written out independently of the
// machine's check table. `null` = refused; otherwise the state and the context changes expected.

type Expected = { status: BilyetStatus; context: Partial<BilyetContext> } | null;

const staff = (actor: Actor) => hasRole(actor.role, 'OPERATOR');
const filled = (text: unknown) => typeof text === 'string' && text.trim() !== '';
const BILYET_DEPOSIT = ['approved', 'active', 'breakRequested', 'matured', 'disbursing'];

function expectedOutcome(status: BilyetStatus, c: BilyetContext, e: BilyetEvent): Expected {
  switch (e.type) {
    case 'bilyet.issue':
      if (status !== 'none' || !staff(e.actor) || !BILYET_DEPOSIT.includes(c.depositStatus)) return null;
      if (!filled(e.bilyetNumber) || !filled(e.scanDocumentId)) return null;
      return { status: 'issued', context: { number: e.bilyetNumber, issuedOn: e.today, scanDocumentId: e.scanDocumentId } };
    case 'bilyet.ship':
      if (status !== 'issued' || !staff(e.actor) || !filled(e.courier) || !filled(e.awb)) return null;
      return { status: 'shipped', context: { courier: e.courier, awb: e.awb, shippedOn: e.today } };
    case 'bilyet.unship':
      if (status !== 'shipped' || !staff(e.actor) || !(c.shipmentStatus === null || c.shipmentStatus === 'cancelled' || c.shipmentStatus === 'failed')) return null;
      return { status: 'issued', context: { courier: null, awb: null, shippedOn: null } };
    case 'bilyet.receive': {
      const atCounter = e.handedOverAtCounter === true;
      // From the bank's hands only at the counter (staff); from the courier only by courier receipt (staff or the courier's report).
      const fromIssued = status === 'issued' && atCounter && staff(e.actor);
      const fromShipped = status === 'shipped' && !atCounter && (staff(e.actor) || e.actor.role === 'SYSTEM');
      if (!fromIssued && !fromShipped) return null;
      if (!filled(e.receivedBy) || e.receivedAt > e.today || e.receivedAt < c.issuedOn!) return null;
      return {
        status: 'received',
        context: { receivedAt: e.receivedAt, receivedBy: e.receivedBy, receiptDocumentId: e.receiptDocumentId ?? null, handedOverAtCounter: atCounter },
      };
    }
    case 'bilyet.return':
      if (status !== 'received' || !staff(e.actor) || e.returnedAt > e.today || e.returnedAt < c.receivedAt!) return null;
      return { status: 'returned', context: { returnedAt: e.returnedAt, returnDocumentId: e.documentId ?? null } };
    case 'bilyet.reportLost':
      // A loss voids the paper: a supervisor records it.
      if (!['issued', 'shipped', 'received'].includes(status) || !hasRole(e.actor.role, 'SUPERVISOR') || !filled(e.reason) || !filled(e.statementDocumentId)) return null;
      return { status: 'lost', context: { lostReason: e.reason, statementDocumentId: e.statementDocumentId, lostOn: e.today } };
    case 'bilyet.reissue':
      if (status !== 'lost' || !staff(e.actor) || !BILYET_DEPOSIT.includes(c.depositStatus)) return null;
      if (!filled(e.scanDocumentId) || e.bilyetNumber === c.number || c.previousNumbers.includes(e.bilyetNumber)) return null;
      return {
        status: 'issued',
        context: {
          previousNumbers: [...c.previousNumbers, c.number!],
          number: e.bilyetNumber,
          issuedOn: e.today,
          scanDocumentId: e.scanDocumentId,
          courier: null,
          awb: null,
          shippedOn: null,
          receivedAt: null,
          receivedBy: null,
          receiptDocumentId: null,
          handedOverAtCounter: false,
        },
      };
  }
}

/** What each state means, whatever path led there. */
function assertStateMeaning(snapshot: BilyetSnapshot) {
  const c = snapshot.context;
  const status = snapshot.value as BilyetStatus;
  // Issued at some point: a number, a date and the signed scan; never issued: none of them.
  for (const field of [c.number, c.issuedOn, c.scanDocumentId]) expect(field === null).toBe(status === 'none');
  // With the courier: courier and resi known; at the bank: none.
  if (status === 'shipped') expect(c.courier !== null && c.awb !== null && c.shippedOn !== null).toBe(true);
  if (status === 'issued') expect([c.courier, c.awb, c.shippedOn, c.receivedAt, c.receivedBy]).toEqual([null, null, null, null, null]);
  // Received (and returned after it): when and by whom; a counter handover never travelled.
  if (status === 'received' || status === 'returned') {
    expect(c.receivedAt !== null && c.receivedBy !== null).toBe(true);
    expect(c.receivedAt! >= c.issuedOn!).toBe(true);
    if (c.handedOverAtCounter) expect(c.courier).toBeNull();
  }
  expect(c.returnedAt !== null).toBe(status === 'returned');
  if (status === 'returned') expect(c.returnedAt! >= c.receivedAt!).toBe(true);
  // Lost: a reason and the statement on file; the statement stays after a reissue.
  if (status === 'lost') expect(c.lostReason !== null && c.statementDocumentId !== null && c.lostOn !== null).toBe(true);
  expect(c.statementDocumentId !== null).toBe(status === 'lost' || c.previousNumbers.length > 0);
  expect(c.previousNumbers).not.toContain(c.number);
  // Only a deposit accepted and not yet paid out gets a bilyet.
  if (status !== 'none') expect(BILYET_DEPOSIT).toContain(c.depositStatus);
  expect(snapshot.status).toBe(status === 'returned' ? 'done' : 'active');
}

describe('bilyet machine: generated paths walk every transition', () => {
  const walked = new Set<string>();

  it('generates paths for each representative deposit', () => {
    expect(paths.filter((p) => p.inputName === 'activeHandResi').length).toBeGreaterThan(40);
    expect(paths.filter((p) => p.inputName === 'approvedJneInTransit').length).toBeGreaterThan(40);
    // A pending deposit: only the refused issue events, nothing else reachable.
    const pending = paths.filter((p) => p.inputName === 'pendingDeposit');
    expect(pending.length).toBeGreaterThan(0);
    for (const path of pending) expect(path.steps.every((step) => step.state.value === 'none')).toBe(true);
  });

  for (const [index, path] of paths.entries()) {
    it(`${path.inputName} #${index}: ${describeSteps(path.steps, describeEvent)}`, () => {
      let previous = bilyetMachine.resolveState({ value: 'none', context: bilyetContext(path.input) });
      const taken = replay(bilyetMachine, path.steps, {
        input: path.input,
        afterEach: (snapshot, step) => {
          if (step.event.type === 'xstate.init') {
            expect(snapshot.value).toBe('none');
            expect(snapshot.context).toEqual(previous.context);
            return;
          }
          const event = step.event as BilyetEvent;
          const expected = expectedOutcome(previous.value as BilyetStatus, previous.context, event);
          const refused = bilyetWhyNot(previous, event);
          // The guard, can(), whyNot, decide and the oracle all agree.
          expect(previous.can(event)).toBe(expected !== null);
          expect(refused === null).toBe(expected !== null);
          expect(decideBilyet(previous, event).ok).toBe(expected !== null);
          if (expected === null) {
            expect(snapshot.value).toBe(previous.value);
            expect(snapshot.context).toEqual(previous.context);
            expect(Object.keys(REFUSAL_STATUS)).toContain(refused!.category);
          } else {
            expect(snapshot.value).toBe(expected.status);
            expect(snapshot.context).toEqual({ ...previous.context, ...expected.context });
          }
          assertStateMeaning(snapshot as BilyetSnapshot);
          previous = snapshot as BilyetSnapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });
  }

  it('walked every transition the machine defines', () => {
    expect(walked.size).toBe(10);
    expect(unwalked(bilyetMachine, walked)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const context = (overrides: Partial<BilyetContext> = {}) => ({ ...bilyetContext(inputs.activeHandResi), ...overrides });
const ISSUED: Partial<BilyetContext> = { number: NUMBERS.first, issuedOn: DATES.issue, scanDocumentId: 'doc-scan-1' };
const SHIPPED: Partial<BilyetContext> = { ...ISSUED, courier: 'JNE', awb: 'JNE-0012345678', shippedOn: DATES.ship };
const RECEIVED: Partial<BilyetContext> = { ...SHIPPED, receivedAt: DATES.delivered, receivedBy: 'Budi Santoso' };
const at = (status: BilyetStatus, overrides: Partial<BilyetContext> = {}) =>
  restoreBilyet(status, context({ ...{ none: {}, issued: ISSUED, shipped: SHIPPED, received: RECEIVED, returned: RECEIVED, lost: ISSUED }[status], ...overrides }));

const receive = (overrides: Partial<Extract<BilyetEvent, { type: 'bilyet.receive' }>> = {}): BilyetEvent => ({
  type: 'bilyet.receive',
  actor: actors.operator,
  today: DATES.deliveryRecorded,
  receivedAt: DATES.delivered,
  receivedBy: 'Budi Santoso',
  ...overrides,
});

describe('bilyet: allowedEvents', () => {
  it('staff: issue once the deposit is accepted; ship, counter handover or (a supervisor) loss when issued; receipt or loss on the way; return or loss with the customer', () => {
    expect(bilyetAllowedEvents(at('none'), actors.operator, DATES.issue)).toEqual(['bilyet.issue']);
    expect(bilyetAllowedEvents(at('issued'), actors.operator, DATES.ship)).toEqual(['bilyet.ship', 'bilyet.receive']);
    expect(bilyetAllowedEvents(at('issued'), actors.supervisor, DATES.ship)).toEqual(['bilyet.ship', 'bilyet.receive', 'bilyet.reportLost']);
    expect(bilyetAllowedEvents(at('shipped'), actors.supervisor, DATES.ship)).toEqual(['bilyet.unship', 'bilyet.receive', 'bilyet.reportLost']);
    expect(bilyetAllowedEvents(at('received'), actors.admin, DATES.returned)).toEqual(['bilyet.return', 'bilyet.reportLost']);
    expect(bilyetAllowedEvents(at('lost'), actors.operator, DATES.reissue)).toEqual(['bilyet.reissue']);
    expect(bilyetAllowedEvents(at('returned'), actors.admin, DATES.returned)).toEqual([]);
  });

  it('the system only records a courier delivery, never a counter handover', () => {
    expect(bilyetAllowedEvents(at('shipped'), actors.system, DATES.deliveryRecorded)).toEqual(['bilyet.receive']);
    expect(bilyetAllowedEvents(at('issued'), actors.system, DATES.deliveryRecorded)).toEqual([]);
    expect(bilyetAllowedEvents(at('none'), actors.system, DATES.issue)).toEqual([]);
  });

  it('no bilyet for a deposit not accepted or already paid out; a live JNE shipment is not undone here', () => {
    for (const depositStatus of ['pending', 'rejected', 'cancelled', 'closed'] as const) {
      expect(bilyetAllowedEvents(at('none', { depositStatus }), actors.operator, DATES.issue)).toEqual([]);
      expect(bilyetAllowedEvents(at('lost', { depositStatus }), actors.operator, DATES.reissue)).toEqual([]);
    }
    expect(bilyetAllowedEvents(at('shipped', { shipmentStatus: 'pickedUp' }), actors.supervisor, DATES.ship)).toEqual(['bilyet.receive', 'bilyet.reportLost']);
    expect(bilyetAllowedEvents(at('shipped', { shipmentStatus: 'failed' }), actors.operator, DATES.ship)).toContain('bilyet.unship');
  });
});

describe('bilyet: whyNot explains refusals with the HTTP status to answer', () => {
  it('wrong role → 403', () => {
    const issue: BilyetEvent = { type: 'bilyet.issue', actor: actors.system, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: 'doc-scan-1' };
    expect(bilyetWhyNot(at('none'), issue)).toEqual(refusal('forbidden', 'Hanya staf BPR yang dapat menerbitkan bilyet.'));
    expect(bilyetWhyNot(at('received'), { type: 'bilyet.return', actor: actors.system, today: DATES.returnRecorded, returnedAt: DATES.returned })).toEqual(
      refusal('forbidden', 'Hanya staf BPR yang dapat mencatat pengembalian bilyet.'),
    );
    expect(bilyetWhyNot(at('issued'), receive({ actor: actors.system, handedOverAtCounter: true }))).toEqual(
      refusal('forbidden', 'Bilyet belum dikirim kurir; penyerahan di kantor dicatat oleh staf BPR.'),
    );
    // Role before state: the job is told it may not, whatever the bilyet's state.
    expect(bilyetWhyNot(at('returned'), { ...issue })).toEqual(refusal('forbidden', 'Hanya staf BPR yang dapat menerbitkan bilyet.'));
  });

  it('state, deposit and shipment → 409', () => {
    expect(bilyetWhyNot(at('returned'), receive())).toEqual(
      refusal('conflict', 'Bilyet tidak dalam status Diterbitkan atau Dalam pengiriman (status saat ini: Dikembalikan nasabah).'),
    );
    const issue = (depositStatus: BilyetContext['depositStatus']) =>
      bilyetWhyNot(at('none', { depositStatus }), { type: 'bilyet.issue', actor: actors.operator, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: 'doc-scan-1' });
    expect(issue('pending')).toEqual(refusal('conflict', 'Deposito belum disetujui; bilyet belum dapat diterbitkan.'));
    expect(issue('rejected')).toEqual(refusal('conflict', 'Deposito berstatus Ditolak; bilyet tidak dapat diterbitkan.'));
    expect(issue('cancelled')).toEqual(refusal('conflict', 'Deposito berstatus Dibatalkan; bilyet tidak dapat diterbitkan.'));
    expect(issue('closed')).toEqual(refusal('conflict', 'Deposito berstatus Selesai; bilyet tidak dapat diterbitkan.'));
    for (const depositStatus of depositStatusesForBilyet) expect(issue(depositStatus)).toBeNull();
    expect(
      bilyetWhyNot(at('lost', { depositStatus: 'closed' }), { type: 'bilyet.reissue', actor: actors.operator, today: DATES.reissue, bilyetNumber: NUMBERS.replacement, scanDocumentId: 'doc-scan-2' }),
    ).toEqual(refusal('conflict', 'Deposito berstatus Selesai; bilyet tidak dapat diterbitkan.'));
    expect(bilyetWhyNot(at('issued'), receive())).toEqual(
      refusal('conflict', 'Bilyet belum dikirim; catat pengiriman lebih dahulu, atau catat bilyet diserahkan langsung di kantor.'),
    );
    expect(bilyetWhyNot(at('shipped'), receive({ handedOverAtCounter: true }))).toEqual(
      refusal('conflict', 'Bilyet sedang dalam pengiriman kurir; penyerahan di kantor tidak dapat dicatat.'),
    );
    const unship = (shipmentStatus: BilyetContext['shipmentStatus']) =>
      bilyetWhyNot(at('shipped', { shipmentStatus }), { type: 'bilyet.unship', actor: actors.operator, today: DATES.ship });
    expect(unship('requested')).toEqual(refusal('conflict', 'Penjemputan JNE bilyet ini masih aktif; batalkan penjemputan lebih dahulu.'));
    expect(unship('inTransit')).toEqual(refusal('conflict', 'Bilyet sedang dibawa kurir JNE; tunggu hasil pengiriman.'));
    expect(unship('cancelled')).toBeNull();
  });

  it('payload → 400: dates in the future or before the issue, a missing name, statement, reason, scan or new number', () => {
    expect(bilyetWhyNot(at('shipped'), receive({ receivedAt: '2026-03-09' }))).toEqual(refusal('invalid', 'Tanggal diterima tidak boleh setelah hari ini.'));
    expect(bilyetWhyNot(at('shipped'), receive({ receivedAt: '2026-03-01' }))).toEqual(
      refusal('invalid', 'Tanggal diterima tidak boleh sebelum tanggal terbit bilyet (02-Mar-2026).'),
    );
    expect(bilyetWhyNot(at('shipped'), receive({ receivedAt: '2026-02-30' }))).toEqual(refusal('invalid', 'Tanggal diterima tidak valid.'));
    expect(bilyetWhyNot(at('shipped'), receive({ receivedBy: '' }))).toEqual(refusal('invalid', 'Nama penerima bilyet wajib diisi.'));
    const giveBack = (returnedAt: string) => bilyetWhyNot(at('received'), { type: 'bilyet.return', actor: actors.operator, today: DATES.returnRecorded, returnedAt });
    expect(giveBack('2026-06-04')).toEqual(refusal('invalid', 'Tanggal pengembalian tidak boleh setelah hari ini.'));
    expect(giveBack('2026-03-04')).toEqual(refusal('invalid', 'Tanggal pengembalian tidak boleh sebelum tanggal bilyet diterima nasabah (05-Mar-2026).'));
    expect(giveBack(DATES.returned)).toBeNull();
    const lose = (reason: string, statementDocumentId: string) =>
      bilyetWhyNot(at('received'), { type: 'bilyet.reportLost', actor: actors.supervisor, today: DATES.lost, reason, statementDocumentId });
    expect(lose('Hilang.', '')).toEqual(refusal('invalid', 'Surat keterangan kehilangan atau laporan polisi wajib diunggah.'));
    expect(lose('', 'doc-loss-1')).toEqual(refusal('invalid', 'Alasan kehilangan wajib diisi.'));
    expect(
      bilyetWhyNot(at('none'), { type: 'bilyet.issue', actor: actors.operator, today: DATES.issue, bilyetNumber: NUMBERS.first, scanDocumentId: '' }),
    ).toEqual(refusal('invalid', 'Pindaian bilyet yang sudah ditandatangani wajib diunggah.'));
    expect(bilyetWhyNot(at('issued'), { type: 'bilyet.ship', actor: actors.operator, today: DATES.ship, courier: '', awb: 'X1' })).toEqual(
      refusal('invalid', 'Nama kurir wajib diisi.'),
    );
    const reissue = (bilyetNumber: string, lostContext: Partial<BilyetContext> = {}) =>
      bilyetWhyNot(at('lost', lostContext), { type: 'bilyet.reissue', actor: actors.operator, today: DATES.reissue, bilyetNumber, scanDocumentId: 'doc-scan-2' });
    expect(reissue(` ${NUMBERS.first} `)).toEqual(refusal('invalid', 'Bilyet pengganti harus bernomor baru, bukan nomor bilyet yang hilang.'));
    expect(reissue(NUMBERS.first, { number: NUMBERS.replacement, previousNumbers: [NUMBERS.first] })).toEqual(
      refusal('invalid', 'Bilyet pengganti harus bernomor baru, bukan nomor bilyet yang hilang.'),
    );
    expect(reissue('')).toEqual(refusal('invalid', 'Nomor bilyet wajib diisi.'));
  });

  it('a row from before the bilyet dates were kept (no issue date) still takes a receipt', () => {
    expect(bilyetWhyNot(at('shipped', { issuedOn: null }), receive())).toBeNull();
    expect(bilyetWhyNot(at('received', { issuedOn: null, receivedAt: null }), { type: 'bilyet.return', actor: actors.operator, today: DATES.returnRecorded, returnedAt: DATES.returned })).toBeNull();
  });
});

describe('bilyet: decideBilyet returns what the server stores', () => {
  it('a counter handover: received straight from issued, flagged, with the receipt', () => {
    const outcome = decideBilyet(at('issued'), receive({ today: DATES.counter, receivedAt: DATES.counter, receivedBy: ' Siti Aminah ', handedOverAtCounter: true, receiptDocumentId: 'doc-receipt-1' }));
    expect(outcome.ok && outcome.status).toBe('received');
    expect(outcome.ok && outcome.context).toMatchObject({ receivedAt: DATES.counter, receivedBy: 'Siti Aminah', handedOverAtCounter: true, receiptDocumentId: 'doc-receipt-1', courier: null });
  });

  it('a reissue: the new number in force, the lost one kept, the statement still on file', () => {
    const lost = at('lost', { ...RECEIVED, lostReason: 'Hilang.', statementDocumentId: 'doc-loss-1', lostOn: DATES.lost });
    const outcome = decideBilyet(lost, { type: 'bilyet.reissue', actor: actors.operator, today: DATES.reissue, bilyetNumber: NUMBERS.replacement, scanDocumentId: 'doc-scan-2' });
    expect(outcome.ok && outcome.status).toBe('issued');
    expect(outcome.ok && outcome.context).toMatchObject({
      number: NUMBERS.replacement,
      previousNumbers: [NUMBERS.first],
      issuedOn: DATES.reissue,
      scanDocumentId: 'doc-scan-2',
      statementDocumentId: 'doc-loss-1',
      receivedAt: null,
      courier: null,
    });
  });

  it('a refusal carries no snapshot', () => {
    expect(decideBilyet(at('returned'), receive())).toEqual({ ok: false, refusal: expect.objectContaining({ category: 'conflict', status: 409 }) });
  });
});

describe('bilyet: labels and contract', () => {
  it('labels every status and event of the contract, and defines every event somewhere', () => {
    expect(Object.keys(bilyetStatusLabels).sort()).toEqual([...bilyetStatusSchema.options].sort());
    expect(Object.keys(bilyetEventLabels).sort()).toEqual([...bilyetEventTypeSchema.options].sort());
    expect(Object.keys(bilyetEventSources).sort()).toEqual([...bilyetEventTypeSchema.options].sort());
  });
});
