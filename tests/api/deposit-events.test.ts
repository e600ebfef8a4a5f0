import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blob, dialects, fakeFile } from './harness';
import { addDaysIso, freshKey, startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';

/**
 * Every staff lifecycle event over HTTP, each through the path staff use: allowed (and what it
 * writes), wrong role (403), wrong state (409), another bank's deposit (404), bad input (400),
 * an idempotent replay (same answer), the key reused with another payload (422), and two
 * requests at once (exactly one wins, the other 409).
 */

type UserKey = keyof World['users'];
type Send = (w: World, deposit: DepositRow, who: UserKey, headers?: Record<string, string>, variant?: Record<string, unknown>) => Promise<{ status: number; body: any; text: string }>;

interface EventCase {
  event: string;
  /** A deposit the event applies to. */
  setup: (w: World) => Promise<DepositRow>;
  /** A deposit in a state the event is not defined in. */
  wrongState: (w: World) => Promise<DepositRow>;
  who: UserKey;
  /** A role below the one required; null when the event is the operator's (no staff role is lower). */
  wrongRole: UserKey | null;
  send: Send;
  /** Payload changes that make the input invalid, and a fragment of the Indonesian message. */
  badInput: { variant: Record<string, unknown>; message: RegExp };
  /** Another valid payload (for the key reused with different content). */
  otherPayload: Record<string, unknown>;
  /** What the allowed event leaves behind. */
  verify: (w: World, deposit: DepositRow, answer: any) => Promise<void>;
}

const json = (method: string, path: string, body: (deposit: DepositRow) => Record<string, unknown>): Send =>
  (w, deposit, who, headers = freshKey(), variant = {}) => w.call(method, path.replace(':id', deposit.id), { token: w.users[who].token, json: { ...body(deposit), ...variant }, headers });

const event = (type: string, payload: Record<string, unknown> = {}): Send => json('POST', `/deposito/:id/events`, () => ({ type, ...payload }));

function proofForm(deposit: DepositRow, variant: Record<string, unknown>): FormData {
  const form = new FormData();
  const fields = { depositId: deposit.id, reference: 'TRF-0001', paidAt: '2026-03-02', ...variant };
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string' && name !== 'proof') form.set(name, value);
  if (variant.proof !== null) form.set('proof', blob(fakeFile((variant.proof as 'pdf' | 'gif' | undefined) ?? 'pdf', 2048), 'application/pdf'), 'bukti.pdf');
  return form;
}

const markPaid: Send = (w, deposit, who, headers = freshKey(), variant = {}) =>
  w.call('POST', '/deposito/disbursement-paid', { token: w.users[who].token, form: proofForm(deposit, variant), headers });

const auditEvents = async (w: World, depositId: string) =>
  (await w.db.selectFrom('deposit_audit').select(['event', 'actor_id']).where('deposit_id', '=', depositId).orderBy('at').orderBy('seq').orderBy('id').execute()).map((row) => row.event);

const CASES: EventCase[] = [
  {
    event: 'deposit.approve',
    setup: (w) => w.inState('pending'),
    wrongState: (w) => w.inState('active'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: json('POST', '/deposito/approve-deposito', (d) => ({ depositId: d.id })),
    badInput: { variant: { depositId: '' }, message: /Deposito wajib diisi/ },
    otherPayload: { version: 1 },
    async verify(w, deposit, answer) {
      expect(answer.status).toBe('active');
      expect(answer.installments).toHaveLength(3);
      expect(answer.installments.every((item: any) => item.status === 'scheduled')).toBe(true);
      expect(await auditEvents(w, deposit.id)).toEqual(['deposit.create', 'deposit.approve']);
    },
  },
  {
    event: 'deposit.reject',
    setup: (w) => w.inState('pending'),
    wrongState: (w) => w.inState('approved'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: json('POST', '/deposito/reject-deposito', (d) => ({ depositId: d.id, reason: 'Dana belum diterima' })),
    badInput: { variant: { reason: '  ' }, message: /Alasan wajib diisi/ },
    otherPayload: { reason: 'Alasan lain' },
    async verify(w, deposit, answer) {
      expect(answer.status).toBe('rejected');
      expect(answer.statusReason).toBe('Dana belum diterima');
      expect(answer.timeline.at(-1)).toMatchObject({ event: 'deposit.reject', actor: { name: 'Siti Supervisor' }, payload: { reason: 'Dana belum diterima' } });
    },
  },
  {
    event: 'deposit.cancel',
    setup: (w) => w.inState('approved'),
    wrongState: (w) => w.inState('active'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: event('deposit.cancel', { reason: 'Nasabah membatalkan' }),
    badInput: { variant: { reason: undefined }, message: /Alasan wajib diisi/ },
    otherPayload: { reason: 'Alasan lain' },
    async verify(_w, _deposit, answer) {
      expect(answer.status).toBe('cancelled');
      // The approved deposit's schedule is cancelled with it.
      expect(answer.installments.every((item: any) => item.status === 'cancelled')).toBe(true);
    },
  },
  {
    event: 'deposit.changeDate',
    setup: (w) => w.inState('pending', { placementDate: '2026-03-02', depositDate: '2026-03-10' }),
    wrongState: (w) => w.inState('active'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: json('PATCH', '/invoice/deposit-date', (d) => ({ depositId: d.id, depositDate: '2026-03-31', reason: 'Dana masuk akhir bulan' })),
    badInput: { variant: { depositDate: '2026-02-27' }, message: /tidak boleh sebelum tanggal penempatan/ },
    otherPayload: { depositDate: '2026-03-12' },
    async verify(w, deposit, answer) {
      expect(answer).toMatchObject({ status: 'pending', depositDate: '2026-03-31', periodStart: '2026-03-31', maturityDate: '2026-06-30' });
      expect(answer.periods[0]).toMatchObject({ periodStart: '2026-03-31', maturityDate: '2026-06-30' });
      expect((await w.row(deposit.id)).version).toBe(2);
    },
  },
  {
    event: 'deposit.stopAro',
    setup: (w) => w.inState('active', { instruction: 'ARO' }),
    wrongState: (w) => w.inState('pending'),
    who: 'operator',
    wrongRole: null,
    send: json('POST', '/deposito/pencairan-aro', (d) => ({ depositId: d.id })),
    badInput: { variant: { depositId: undefined }, message: /Deposito wajib diisi/ },
    otherPayload: { version: 1 },
    async verify(_w, _deposit, answer) {
      expect(answer).toMatchObject({ status: 'active', maturityInstruction: 'PAYOUT' });
      expect(answer.timeline.at(-1)).toMatchObject({ event: 'deposit.stopAro', actor: { name: 'Ani Operator' }, from: 'active', to: 'active' });
    },
  },
  {
    event: 'deposit.extend',
    setup: (w) => w.inState('matured'),
    wrongState: (w) => w.inState('active'),
    who: 'operator',
    wrongRole: null,
    send: event('deposit.extend', { tenorMonths: 6, instruction: 'ARO' }),
    badInput: { variant: { tenorMonths: 7 }, message: /Tenor 7 bulan tidak ditawarkan/ },
    otherPayload: { tenorMonths: 3 },
    async verify(_w, _deposit, answer) {
      expect(answer).toMatchObject({ status: 'active', tenorMonths: 6, rateBps: 600, periodNumber: 2, periodStart: '2026-03-02', maturityDate: '2026-09-02', maturityInstruction: 'ARO' });
      expect(answer.periods.map((p: any) => p.startedBy)).toEqual(['placement', 'extension']);
      expect(answer.installments.filter((item: any) => item.periodNumber === 2)).toHaveLength(6);
    },
  },
  {
    event: 'deposit.requestBreak',
    setup: (w) => w.inState('active'),
    wrongState: (w) => w.inState('pending'),
    who: 'operator',
    wrongRole: null,
    send: json('POST', '/invoice/deposito/break', (d) => ({ depositId: d.id, date: '2026-03-20', reason: 'Biaya rumah sakit' })),
    badInput: { variant: { date: '2026-07-01' }, message: /sebelum jatuh tempo/ },
    otherPayload: { date: '2026-03-21' },
    async verify(w, _deposit, answer) {
      expect(answer.status).toBe('breakRequested');
      expect(answer.breakRequest).toEqual({ requestedBy: w.users.operator.id, requestedOn: '2026-03-02', breakDate: '2026-03-20', reason: 'Biaya rumah sakit' });
    },
  },
  {
    event: 'deposit.approveBreak',
    setup: (w) => w.inState('breakRequested'),
    wrongState: (w) => w.inState('active'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: event('deposit.approveBreak'),
    badInput: { variant: { version: 'dua' }, message: /Versi data tidak valid/ },
    otherPayload: { version: 2 },
    async verify(w, deposit, answer) {
      expect(answer.status).toBe('disbursing');
      expect(answer.settlement).not.toBeNull();
      const [disbursement] = answer.disbursements;
      expect(disbursement).toMatchObject({ kind: 'break', status: 'pending', amount: answer.settlement.payout, penalty: answer.settlement.penalty });
      expect(answer.installments.every((item: any) => item.status === 'cancelled')).toBe(true);
      expect(await auditEvents(w, deposit.id)).toEqual(['deposit.create', 'deposit.approve', 'deposit.requestBreak', 'deposit.approveBreak']);
    },
  },
  {
    event: 'deposit.rejectBreak',
    setup: (w) => w.inState('breakRequested'),
    wrongState: (w) => w.inState('active'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: event('deposit.rejectBreak', { reason: 'Dokumen tidak lengkap' }),
    badInput: { variant: { reason: '' }, message: /Alasan wajib diisi/ },
    otherPayload: { reason: 'Alasan lain' },
    async verify(_w, _deposit, answer) {
      expect(answer).toMatchObject({ status: 'active', breakRequest: null });
      expect(answer.installments.every((item: any) => item.status === 'scheduled')).toBe(true);
    },
  },
  {
    event: 'deposit.requestDisbursement',
    setup: (w) => w.inState('matured'),
    wrongState: (w) => w.inState('active'),
    who: 'operator',
    wrongRole: null,
    send: event('deposit.requestDisbursement'),
    badInput: { variant: { version: 0 }, message: /Versi data tidak valid/ },
    otherPayload: { version: 3 },
    async verify(_w, deposit, answer) {
      expect(answer.status).toBe('disbursing');
      // The payout pays the principal and the unpaid installment together (README "Pembayaran saat jatuh tempo").
      const unpaid = answer.installments.filter((item: any) => item.status === 'due');
      expect(unpaid).toHaveLength(1);
      const net = unpaid[0].netInterest;
      expect(net).toBeGreaterThan(0);
      expect(answer.disbursements).toEqual([expect.objectContaining({ kind: 'maturity', status: 'pending', amount: Number(deposit.amount) + net, principal: Number(deposit.amount), interest: unpaid[0].grossInterest, tax: unpaid[0].tax })]);
    },
  },
  {
    event: 'deposit.markPaid',
    setup: (w) => w.inState('disbursing'),
    wrongState: (w) => w.inState('matured'),
    who: 'supervisor',
    wrongRole: 'operator',
    send: markPaid,
    badInput: { variant: { proof: 'gif' }, message: /Bukti transfer "bukti.pdf" harus berupa berkas PDF, JPEG atau PNG/ },
    otherPayload: { reference: 'TRF-0002' },
    async verify(w, _deposit, answer) {
      expect(answer).toMatchObject({ status: 'closed', closeReason: 'matured' });
      const [disbursement] = answer.disbursements;
      expect(disbursement).toMatchObject({ status: 'paid', reference: 'TRF-0001', paidAt: '2026-03-02' });
      const proof = await w.call('GET', `/deposito/disbursement-proof/${disbursement.proofFileId}`, { token: w.users.operator.token });
      expect(proof.status).toBe(200);
      expect(proof.headers.get('content-type')).toBe('application/pdf');
      expect(proof.text.startsWith('%PDF-')).toBe(true);
      expect(proof.headers.get('content-disposition')).toBe(`attachment; filename="bukti-transfer-${disbursement.proofFileId}.pdf"`);
      expect(proof.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(proof.headers.get('x-content-type-options')).toBe('nosniff');
    },
  },
];

describe.each(dialects)('deposit lifecycle events over HTTP (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w.stop();
  });

  describe.each(CASES)('$event', (c) => {
    it('is allowed for the right role in the right state and writes its effects and audit row', async () => {
      const deposit = await c.setup(w);
      const result = await c.send(w, deposit, c.who);
      expect(result.status, result.text).toBe(200);
      expect(result.body.data.id).toBe(deposit.id);
      expect(result.body.data.version).toBe(deposit.version + 1);
      await c.verify(w, deposit, result.body.data);
    });

    if (c.wrongRole !== null) {
      const wrongRole = c.wrongRole;
      it('answers 403 to the wrong role and changes nothing', async () => {
        const deposit = await c.setup(w);
        const result = await c.send(w, deposit, wrongRole);
        expect(result.status, result.text).toBe(403);
        expect(result.body.message).toMatch(/^Hanya supervisor yang dapat /);
        expect((await w.row(deposit.id)).version).toBe(deposit.version);
      });
    } else {
      it('is an operator event: roles above the operator may do it too (no staff role is below it)', async () => {
        const deposit = await c.setup(w);
        const result = await c.send(w, deposit, 'admin');
        expect(result.status, result.text).toBe(200);
      });
    }

    it('answers 409 in a state the event is not defined in', async () => {
      const deposit = await c.wrongState(w);
      const result = await c.send(w, deposit, c.who);
      expect(result.status, result.text).toBe(409);
      expect(result.body.message).toMatch(/^Deposito tidak dalam status .+ \(status saat ini: .+\)\.$/);
      expect((await w.row(deposit.id)).version).toBe(deposit.version);
    });

    it("answers 404 for another bank's deposit", async () => {
      const deposit = await w.place({ bank: 'other' });
      const result = await c.send(w, deposit, c.who);
      expect(result.status, result.text).toBe(404);
      expect(result.body.message).toBe('Deposito tidak ditemukan.');
    });

    it('answers 400 with an Indonesian message to bad input', async () => {
      const deposit = await c.setup(w);
      const result = await c.send(w, deposit, c.who, freshKey(), c.badInput.variant);
      expect(result.status, result.text).toBe(400);
      expect([result.body.message].flat().join(' ')).toMatch(c.badInput.message);
      expect((await w.row(deposit.id)).version).toBe(deposit.version);
    });

    it('replays the first answer for the same Idempotency-Key and payload, and answers 422 to another payload', async () => {
      const deposit = await c.setup(w);
      const key = freshKey();
      const first = await c.send(w, deposit, c.who, key);
      expect(first.status, first.text).toBe(200);
      const again = await c.send(w, deposit, c.who, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await w.row(deposit.id)).version).toBe(deposit.version + 1);
      const other = await c.send(w, deposit, c.who, key, c.otherPayload);
      expect(other.status, other.text).toBe(422);
      expect(other.body.message).toMatch(/Idempotency-Key ini sudah dipakai untuk permintaan lain/);
    });

    it('lets exactly one of two simultaneous requests win; the other answers 409', async () => {
      const deposit = await c.setup(w);
      // Both send the version they read, as the SPA does (a self-loop such as changeDate would
      // otherwise be allowed twice in a row, legitimately).
      const version = { version: c.event === 'deposit.markPaid' ? String(deposit.version) : deposit.version };
      const results = await Promise.all([c.send(w, deposit, c.who, freshKey(), version), c.send(w, deposit, c.who, freshKey(), version)]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).toEqual([200, 409]);
      const row = await w.row(deposit.id);
      expect(row.version).toBe(deposit.version + 1);
      const events = await auditEvents(w, deposit.id);
      expect(events.filter((name) => name === c.event)).toHaveLength(1);
    });
  });

  describe('rules the events table does not show', () => {
    it('approving a deposit whose value date is in the future leaves it approved; moving the date to today activates it', async () => {
      const deposit = await w.place({ depositDate: '2026-03-09' });
      const approved = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id }, headers: freshKey() });
      expect(approved.body.data).toMatchObject({ status: 'approved', version: 2 });
      const moved = await w.call('PATCH', '/invoice/deposit-date', { token: w.users.supervisor.token, json: { depositId: deposit.id, depositDate: '2026-03-02', version: 2 }, headers: freshKey() });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data).toMatchObject({ status: 'active', depositDate: '2026-03-02', maturityDate: '2026-06-02' });
      expect(moved.body.data.timeline.slice(-2).map((e: any) => [e.event, e.actor.name])).toEqual([
        ['deposit.changeDate', 'Siti Supervisor'],
        ['deposit.activate', 'Sistem'],
      ]);
      // The schedule was recomputed from the new value date.
      expect(moved.body.data.installments.map((i: any) => i.periodStart)).toEqual(['2026-03-02', '2026-04-02', '2026-05-02']);
    });

    it('bulk approval (depositIds): each deposit approved on its own or answered why not — a refusal undoes nothing of the others; an operator is refused each', async () => {
      const first = await w.place();
      const second = await w.place({ depositDate: '2026-03-09' });
      const decided = await w.inState('active');
      const own = await w.place();
      await w.db.updateTable('deposits').set({ placed_by: w.users.supervisor.id }).where('id', '=', own.id).execute();
      const ids = [first.id, decided.id, second.id, own.id, 'tidak-ada', first.id];
      const answer = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositIds: ids }, headers: freshKey() });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toEqual({
        approved: 2,
        refused: 3,
        results: [
          { depositId: first.id, depositNumber: first.deposit_number, approved: true, status: 'active', message: null },
          { depositId: decided.id, depositNumber: decided.deposit_number, approved: false, status: null, message: 'Deposito tidak dalam status Menunggu Persetujuan (status saat ini: Aktif).' },
          { depositId: second.id, depositNumber: second.deposit_number, approved: true, status: 'approved', message: null },
          { depositId: own.id, depositNumber: own.deposit_number, approved: false, status: null, message: 'Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.' },
          { depositId: 'tidak-ada', depositNumber: null, approved: false, status: null, message: 'Deposito tidak ditemukan.' },
        ],
      });
      expect([(await w.row(first.id)).status, (await w.row(second.id)).status, (await w.row(own.id)).status]).toEqual(['active', 'approved', 'pending']);
      expect(await auditEvents(w, first.id)).toEqual(['deposit.create', 'deposit.approve']);

      const operator = await w.call('POST', '/deposito/approve-deposito', { token: w.users.operator.token, json: { depositIds: [own.id] }, headers: freshKey() });
      expect(operator.body.data.results[0]).toMatchObject({ approved: false, message: 'Hanya supervisor yang dapat menyetujui deposito.' });
      const tooMany = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositIds: Array.from({ length: 101 }, (_, i) => `d-${i}`) }, headers: freshKey() });
      expect([tooMany.status, tooMany.body.message]).toEqual([400, ['Paling banyak 100 deposito sekali setuju.']]);
      const none = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositIds: [] }, headers: freshKey() });
      expect([none.status, none.body.message]).toEqual([400, ['Pilih minimal satu deposito.']]);
    });

    it('a stale version answers 409 "Data telah berubah, muat ulang."', async () => {
      const deposit = await w.place();
      await w.drive(deposit.id, { type: 'deposit.changeDate', depositDate: '2026-03-05' });
      const result = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id, version: 1 }, headers: freshKey() });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('Data telah berubah, muat ulang.');
      expect((await w.row(deposit.id)).status).toBe('pending');
    });

    it('the supervisor who requested a break may not approve it (403)', async () => {
      const deposit = await w.inState('active');
      await w.drive(deposit.id, { type: 'deposit.requestBreak', breakDate: '2026-03-10' }, 'supervisor');
      const result = await w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users.supervisor.token, json: { type: 'deposit.approveBreak' }, headers: freshKey() });
      expect(result.status).toBe(403);
      expect(result.body.message).toBe('Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.');
      const other = await w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users.supervisor2.token, json: { type: 'deposit.approveBreak' }, headers: freshKey() });
      expect(other.status).toBe(200);
    });

    it('an inactive product takes no placement, and a deposit placed before it was deactivated is not approved (409 with the reason)', async () => {
      await expect(w.place({ product: 'inactive' })).rejects.toThrow('Produk deposito ini sudah tidak aktif.');
      const deposit = await w.place({ product: 'atMaturity' });
      await w.db.updateTable('deposits').set({ product_id: w.products.inactive }).where('id', '=', deposit.id).execute();
      const result = await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id }, headers: freshKey() });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('Produk deposito ini sudah tidak aktif.');
    });

    it("the daily job's events are refused to staff (403) and unknown types are bad input (400)", async () => {
      const deposit = await w.inState('approved');
      const activate = await w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users.admin.token, json: { type: 'deposit.activate' }, headers: freshKey() });
      expect(activate.status).toBe(403);
      expect(activate.body.message).toBe('Hanya proses harian sistem yang dapat mengaktifkan deposito.');
      const unknown = await w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users.admin.token, json: { type: 'deposit.explode' }, headers: freshKey() });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toEqual(['Jenis aksi tidak dikenal.']);
    });

    it('stop-ARO on or after the cut-off day answers 409 with the last allowed day', async () => {
      const deposit = await w.inState('active', { placementDate: '2026-02-03', tenorMonths: 1 });
      // Matures Tue 3 March 2026; the cut-off is Mon 2 March (today), so today is too late.
      const result = await w.call('POST', '/deposito/pencairan-aro', { token: w.users.operator.token, json: { depositId: deposit.id }, headers: freshKey() });
      expect(result.status).toBe(409);
      expect(result.body.message).toBe('Batas waktu penghentian ARO telah lewat: paling lambat 01-Mar-2026.');
    });

    it('a markPaid refused by the machine leaves no proof file behind', async () => {
      const deposit = await w.inState('disbursing');
      const before = await w.db.selectFrom('stored_files').select('id').execute();
      const result = await markPaid(w, deposit, 'supervisor', freshKey(), { paidAt: addDaysIso('2026-03-02', 3) });
      expect(result.status).toBe(400);
      expect(result.body.message).toEqual(['Tanggal transfer tidak boleh setelah hari ini.']);
      expect(await w.db.selectFrom('stored_files').select('id').execute()).toHaveLength(before.length);
    });

    it('a value date far in the future answers 400 and changes nothing: at most a year after the placement', async () => {
      const deposit = await w.place({ placementDate: '2026-03-02', depositDate: '2026-03-02' });
      const move = (depositDate: string) =>
        w.call('PATCH', '/invoice/deposit-date', { token: w.users.supervisor.token, json: { depositId: deposit.id, depositDate, reason: 'Permintaan nasabah' }, headers: freshKey() });
      for (const [far, message] of [
        ['9999-12-31', 'Tanggal harus antara 1 Januari 2000 dan 31 Desember 2099.'],
        ['2027-03-03', 'Tanggal efektif paling lambat satu tahun setelah tanggal penempatan (02-Mar-2027).'],
      ] as const) {
        const refused = await move(far);
        expect(refused.status).toBe(400);
        expect(refused.body.message).toEqual([message]);
      }
      expect((await w.row(deposit.id)).deposit_date).toBe('2026-03-02');
      const moved = await move('2027-03-02');
      expect(moved.status).toBe(200);
      expect(moved.body.data.maturityDate).toBe('2027-06-02');
      expect((await w.call('POST', '/deposito/approve-deposito', { token: w.users.supervisor.token, json: { depositId: deposit.id }, headers: freshKey() })).status).toBe(200);
    });

    it('a payout is not marked paid before its date: an approved break waits for its break date', async () => {
      const later = await w.inState('breakRequested');
      await w.drive(later.id, { type: 'deposit.approveBreak' }, 'supervisor2');
      const early = await markPaid(w, await w.row(later.id), 'supervisor', freshKey(), { paidAt: '2026-03-02' });
      expect(early.status).toBe(400);
      expect(early.body.message).toEqual(['Tanggal transfer tidak boleh sebelum tanggal pencairan (12-Mar-2026).']);

      const today = await w.inState('active');
      await w.drive(today.id, { type: 'deposit.requestBreak', breakDate: '2026-03-02', reason: 'Kebutuhan mendesak' }, 'operator');
      await w.drive(today.id, { type: 'deposit.approveBreak' }, 'supervisor2');
      const onTime = await markPaid(w, await w.row(today.id), 'supervisor', freshKey(), { paidAt: '2026-03-02' });
      expect(onTime.status, onTime.text).toBe(200);
    });

    it('markPaid without a proof file answers 400', async () => {
      const deposit = await w.inState('disbursing');
      const result = await markPaid(w, deposit, 'supervisor', freshKey(), { proof: null });
      expect(result.status).toBe(400);
      expect(result.body.message).toEqual(['Bukti transfer wajib diunggah.']);
    });
  });
});

describe.each(dialects)('the version guard itself (%s)', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w.stop();
  });

  it('two transitions that both read the same version: the second UPDATE matches no row and answers 409 "Data telah berubah, muat ulang."', async () => {
    const deposit = await w.place();
    const transitions = w.t.server.services.transitions;
    const supervisor = (key: 'supervisor' | 'supervisor2') => ({ id: w.users[key].id, role: 'SUPERVISOR' as const });
    if (dialect === 'postgres') {
      // Each transaction waits in beforeWrite (after loading and deciding) until the other has
      // decided too, so both hold version 1 when they write.
      let decidedA!: () => void;
      let decidedB!: () => void;
      const aDecided = new Promise<void>((resolve) => (decidedA = resolve));
      const bDecided = new Promise<void>((resolve) => (decidedB = resolve));
      const outcomes = await Promise.allSettled([
        transitions.apply({ bankId: w.bank.id, depositId: deposit.id, actor: supervisor('supervisor'), request: { type: 'deposit.approve' }, beforeWrite: async () => { decidedA(); await bDecided; } }),
        transitions.apply({ bankId: w.bank.id, depositId: deposit.id, actor: supervisor('supervisor2'), request: { type: 'deposit.approve' }, beforeWrite: async () => { decidedB(); await aDecided; } }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
      expect(refused.reason).toMatchObject({ kind: 'conflict', message: 'Data telah berubah, muat ulang.' });
    } else {
      // SQLite runs one transaction at a time (one connection), so the second always reads the
      // first's result; the compare-and-set still refuses a write based on an old read.
      const { saveDeposit } = await import('../../server/deposits/deposit-repository');
      await transitions.apply({ bankId: w.bank.id, depositId: deposit.id, actor: supervisor('supervisor'), request: { type: 'deposit.approve' } });
      expect(await saveDeposit(w.db, deposit, { status: 'rejected', updated_at: 'x' })).toBe(false);
    }
    const row = await w.row(deposit.id);
    expect(row).toMatchObject({ status: 'active', version: 2 });
    expect(await w.db.selectFrom('interest_installments').select('id').where('deposit_id', '=', deposit.id).execute()).toHaveLength(3);
    expect((await auditEvents(w, deposit.id)).filter((event) => event === 'deposit.approve')).toHaveLength(1);
  });
});
