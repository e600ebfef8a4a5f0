import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdSchema } from '../../contract/holds';
import { depositDetailSchema } from '../../contract/deposit-api';
import { runDailyJob } from '../../server/jobs/daily';
import type { DepositRow } from '../../server/platform/db/schema';
import { samplePdf } from '../support/sample-files';
import { dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/**
 * Holds (blokir), issue 21 and DOMAIN.md "Holds (blokir)": a supervisor freezes a deposit for a
 * reason; while the hold is in force every money movement and change of terms is refused naming
 * it; releasing takes two people; the daily job ends a hold on its end date.
 */
describe.each(dialects)('holds (%s)', (dialect) => {
  let w: World;
  type Who = keyof World['users'];
  const HELD = 'Deposito diblokir: agunan kredit KR-2026-0113.';

  const place = (deposit: Pick<DepositRow, 'id'>, fields: Record<string, string> = {}, who: Who = 'supervisor', letter = false) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ depositId: deposit.id, reason: 'COLLATERAL', reference: 'KR-2026-0113', ...fields })) form.set(name, value);
    if (letter) form.set('file', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'surat-agunan.pdf');
    return w.call('POST', '/deposito/hold', { token: w.users[who].token, form, headers: freshKey() });
  };
  const act = (holdId: string, step: 'release' | 'approve-release' | 'reject-release', who: Who, json: Record<string, unknown> = {}) =>
    w.call('POST', `/deposito/hold/${holdId}/${step}`, { token: w.users[who].token, json, headers: freshKey() });
  const event = (deposit: Pick<DepositRow, 'id'>, who: Who, payload: Record<string, unknown>) =>
    w.call('POST', `/deposito/${deposit.id}/events`, { token: w.users[who].token, json: payload, headers: freshKey() });
  const detail = async (depositId: string, who: Who = 'operator') => depositDetailSchema.parse((await w.call('GET', `/deposito/${depositId}`, { token: w.users[who].token })).body.data);
  const held = async (deposit: DepositRow, fields: Record<string, string> = {}) => {
    const answer = await place(deposit, fields);
    expect(answer.status, answer.text).toBe(201);
    return holdSchema.parse(answer.body.data);
  };
  const today = () => w.clock.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    w = await startWorld(dialect);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('a supervisor places a collateral hold with its letter: active, on the deposit and its timeline; an operator may not place one', async () => {
    const deposit = await w.inState('active');
    const byOperator = await place(deposit, {}, 'operator');
    expect([byOperator.status, byOperator.body.message]).toEqual([403, 'Hanya supervisor yang dapat memasang blokir.']);

    const answer = await place(deposit, { letterDate: today(), note: 'Agunan kredit modal kerja' }, 'supervisor', true);
    expect(answer.status, answer.text).toBe(201);
    const hold = holdSchema.parse(answer.body.data);
    expect(hold).toMatchObject({
      depositId: deposit.id, reason: 'COLLATERAL', reasonLabel: 'Agunan kredit', reference: 'KR-2026-0113', label: 'agunan kredit KR-2026-0113',
      status: 'active', statusLabel: 'Aktif', placedBy: { id: w.users.supervisor.id }, stopInterestPayout: false, releaseRequest: null, releasedAt: null,
    });
    expect(hold.letterFileId).not.toBeNull();
    const letter = await w.call('GET', `/deposito/hold/${hold.id}/letter`, { token: w.users.operator.token });
    expect([letter.status, letter.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    const seen = await detail(deposit.id);
    expect(seen.held).toBe(true);
    expect(seen.holdLabel).toBe('agunan kredit KR-2026-0113');
    expect(seen.holds.map((item) => item.id)).toEqual([hold.id]);
    expect(seen.timeline.at(-1)).toMatchObject({ event: 'hold.place', eventLabel: 'Blokir Dipasang', actor: { id: w.users.supervisor.id }, payload: { holdId: hold.id, label: 'agunan kredit KR-2026-0113' } });
    expect(seen.allowedEvents).not.toContain('deposit.requestBreak');
    expect(seen.blockedEvents).toContainEqual({ type: 'deposit.requestBreak', reason: HELD });

    const again = await place(deposit);
    expect([again.status, again.body.message]).toEqual([409, 'Deposito ini sudah diblokir: agunan kredit KR-2026-0113.']);
  });

  it('while a hold is in force every frozen event is refused naming it: break, its approval, stop-ARO, extension, payout, marking it paid, the payout account', async () => {
    const breakable = await w.inState('active');
    await held(breakable);
    const breakAsked = await event(breakable, 'operator', { type: 'deposit.requestBreak', breakDate: today() });
    expect([breakAsked.status, breakAsked.body.message]).toEqual([409, HELD]);
    const stopAro = await w.call('POST', '/deposito/pencairan-aro', { token: w.users.operator.token, json: { depositId: breakable.id }, headers: freshKey() });
    expect([stopAro.status, stopAro.body.message]).toEqual([409, HELD]);

    const requested = await w.inState('breakRequested');
    await held(requested);
    const approveBreak = await event(requested, 'supervisor2', { type: 'deposit.approveBreak' });
    expect([approveBreak.status, approveBreak.body.message]).toEqual([409, HELD]);

    const matured = await w.inState('matured');
    await held(matured);
    for (const payload of [{ type: 'deposit.requestDisbursement' }, { type: 'deposit.extend', tenorMonths: 3 }]) {
      const refused = await event(matured, 'operator', payload);
      expect([payload.type, refused.status, refused.body.message]).toEqual([payload.type, 409, HELD]);
    }

    const disbursing = await w.inState('disbursing');
    await held(disbursing);
    const form = new FormData();
    for (const [name, value] of Object.entries({ depositId: disbursing.id, reference: 'TRF-HOLD-1', paidAt: today() })) form.set(name, value);
    form.set('proof', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'bukti.pdf');
    const paid = await w.call('POST', '/deposito/disbursement-paid', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect([paid.status, paid.body.message]).toEqual([409, HELD]);
    expect((await w.row(disbursing.id)).status).toBe('disbursing');

    const account = await w.call('POST', '/deposito-change-request', {
      token: w.users.operator.token,
      json: { depositId: breakable.id, kind: 'payoutAccount', bankCode: '014', accountNumber: '8090123456', accountName: 'Rina Wati' },
      headers: freshKey(),
    });
    expect([account.status, account.body.message]).toEqual([409, `Rekening pencairan tidak dapat diubah. ${HELD}`]);
  });

  it('releasing takes two: the requester cannot approve; another supervisor can, and the deposit is free again; a turned-down request leaves the hold active', async () => {
    const deposit = await w.inState('active');
    const hold = await held(deposit);
    const noReason = await act(hold.id, 'release', 'supervisor', {});
    expect([noReason.status, noReason.body.message]).toEqual([400, ['Alasan wajib diisi.']]);
    const asked = await act(hold.id, 'release', 'supervisor', { reason: 'Kredit KR-2026-0113 lunas' });
    expect(asked.status, asked.text).toBe(202);
    expect(holdSchema.parse(asked.body.data)).toMatchObject({ status: 'releaseRequested', releaseRequest: { by: { id: w.users.supervisor.id }, reason: 'Kredit KR-2026-0113 lunas' }, allowedEvents: ['hold.rejectRelease'] });
    const twice = await act(hold.id, 'release', 'operator', { reason: 'lagi' });
    expect([twice.status, twice.body.message]).toEqual([409, 'Pelepasan blokir ini sudah diajukan dan menunggu persetujuan.']);
    // Still frozen while the release waits.
    expect((await detail(deposit.id)).blockedEvents).toContainEqual({ type: 'deposit.requestBreak', reason: HELD });

    const own = await act(hold.id, 'approve-release', 'supervisor');
    expect([own.status, own.body.message]).toEqual([403, 'Pelepasan blokir harus disetujui oleh supervisor lain, bukan pengajunya.']);
    const operator = await act(hold.id, 'approve-release', 'operator');
    expect([operator.status, operator.body.message]).toEqual([403, 'Hanya supervisor yang dapat memutuskan pelepasan blokir.']);
    const approved = await act(hold.id, 'approve-release', 'supervisor2');
    expect(approved.status, approved.text).toBe(200);
    expect(holdSchema.parse(approved.body.data)).toMatchObject({ status: 'released', releasedBy: { id: w.users.supervisor2.id }, releaseRequest: { by: { id: w.users.supervisor.id } } });

    const free = await detail(deposit.id);
    expect([free.held, free.holdLabel]).toEqual([false, null]);
    expect(free.allowedEvents).toContain('deposit.requestBreak');
    expect(free.timeline.slice(-2).map((entry) => entry.event)).toEqual(['hold.requestRelease', 'hold.approveRelease']);
    const late = await act(hold.id, 'release', 'operator', { reason: 'lagi' });
    expect([late.status, late.body.message]).toEqual([409, 'Blokir ini sudah dilepas.']);

    const other = await held(await w.inState('active'));
    await act(other.id, 'release', 'operator', { reason: 'Salah pasang' });
    const turnedDown = await act(other.id, 'reject-release', 'supervisor', { reason: 'Kredit belum lunas' });
    expect(turnedDown.status, turnedDown.text).toBe(200);
    expect(holdSchema.parse(turnedDown.body.data)).toMatchObject({ status: 'active', releaseRequest: null });
  });

  it('two holds in force: the deposit stays frozen until the last is released, and names the earliest', async () => {
    const deposit = await w.inState('active');
    const first = await held(deposit);
    const legal = await held(deposit, { reason: 'LEGAL', reference: 'PN-JKT/123/2026', letterDate: today() });
    await act(first.id, 'release', 'operator', { reason: 'Lunas' });
    await act(first.id, 'approve-release', 'supervisor');
    const stillHeld = await detail(deposit.id);
    expect([stillHeld.held, stillHeld.holdLabel]).toEqual([true, 'perintah hukum PN-JKT/123/2026']);
    expect(stillHeld.blockedEvents).toContainEqual({ type: 'deposit.requestBreak', reason: 'Deposito diblokir: perintah hukum PN-JKT/123/2026.' });
    await act(legal.id, 'release', 'operator', { reason: 'Surat pencabutan' });
    await act(legal.id, 'approve-release', 'supervisor');
    expect((await detail(deposit.id)).held).toBe(false);
  });

  it('a legal hold that stops interest payouts refuses marking its installment paid; the daily job ends a hold on its end date', async () => {
    w.setToday('2026-03-02');
    const deposit = await w.inState('active');
    const hold = await held(deposit, { reason: 'LEGAL', reference: 'PPATK/77/2026', stopInterestPayout: 'true', until: '2026-05-04' });
    expect(hold.stopInterestPayout).toBe(true);
    const before = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token });
    expect(before.status, before.text).toBe(200);
    const dueDate = depositDetailSchema.parse(before.body.data).installments[0]!.payDate;
    w.setToday(dueDate);
    await runDailyJob({ db: w.db, clock: w.clock }, dueDate);
    await w.signInAgain();
    const installment = (await detail(deposit.id)).installments[0]!;
    expect(installment.status).toBe('due');
    const paid = await w.call('POST', '/deposito/monthly-interest-disbursement', {
      token: w.users.supervisor.token,
      json: { installmentIds: [installment.id], paidAt: dueDate, reference: 'TRF-BUNGA-1' },
      headers: freshKey(),
    });
    expect([paid.status, paid.body.message]).toEqual([409, 'Pembayaran bunga dihentikan selama deposito diblokir: perintah hukum PPATK/77/2026.']);

    w.setToday('2026-05-03');
    await runDailyJob({ db: w.db, clock: w.clock }, '2026-05-03');
    expect((await w.row(deposit.id)).hold_label).toBe('perintah hukum PPATK/77/2026');
    w.setToday('2026-05-04');
    const report = await runDailyJob({ db: w.db, clock: w.clock }, '2026-05-04');
    await w.signInAgain();
    expect(report.holdsReleased).toBeGreaterThanOrEqual(1);
    const ended = (await detail(deposit.id)).holds.find((item) => item.id === hold.id)!;
    expect(ended).toMatchObject({ status: 'released', releasedBy: null, releasedAt: expect.any(String) });
    expect((await detail(deposit.id)).timeline.at(-1)).toMatchObject({ event: 'hold.expire', eventLabel: 'Blokir Berakhir', actor: { name: 'Sistem' } });
    const nowPaid = await w.call('POST', '/deposito/monthly-interest-disbursement', {
      token: w.users.supervisor.token,
      json: { installmentIds: [installment.id], paidAt: '2026-05-04', reference: 'TRF-BUNGA-1' },
      headers: freshKey(),
    });
    expect(nowPaid.status, nowPaid.text).toBe(200);
  });

  it('refuses in Indonesian: a deposit not holding money, an end date not after today, a letter that is not a document, another bank\'s deposit and hold', async () => {
    w.setToday('2026-03-02');
    await w.signInAgain();
    const pending = await w.inState('pending');
    const notYet = await place(pending);
    expect([notYet.status, notYet.body.message]).toEqual([409, 'Deposito berstatus Menunggu Persetujuan tidak dapat diblokir.']);

    const deposit = await w.inState('active');
    const bad = await place(deposit, { reason: 'PINJAM', reference: '', until: '2026-03-02' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining([
        'Alasan blokir tidak dikenal; pilih agunan kredit (COLLATERAL), perintah hukum (LEGAL), nasabah meninggal dunia (DECEASED), bilyet hilang (LOST_BILYET) atau lainnya (OTHER).',
        'Nomor referensi blokir wajib diisi.',
      ]),
    );
    const dates = await place(deposit, { letterDate: '2 Maret', until: '2026-13-01' });
    expect([dates.status, dates.body.message]).toEqual([400, ['Tanggal surat harus berformat YYYY-MM-DD.', 'Tanggal berakhir blokir harus berformat YYYY-MM-DD.']]);
    const past = await place(deposit, { until: '2026-03-02' });
    expect([past.status, past.body.message]).toEqual([400, ['Tanggal berakhir blokir harus setelah hari ini.']]);
    const form = new FormData();
    for (const [name, value] of Object.entries({ depositId: deposit.id, reason: 'OTHER', reference: 'X-1' })) form.set(name, value);
    form.set('file', new Blob([new TextEncoder().encode('bukan pdf')], { type: 'application/pdf' }), 'surat.pdf');
    const notALetter = await w.call('POST', '/deposito/hold', { token: w.users.supervisor.token, form, headers: freshKey() });
    expect([notALetter.status, notALetter.body.message]).toEqual([400, ['Surat blokir "surat.pdf" harus berupa berkas PDF, JPEG atau PNG.']]);
    expect((await w.row(deposit.id)).hold_label).toBeNull();

    const elsewhere = await place(deposit, {}, 'otherSupervisor');
    expect(elsewhere.status).toBe(404);
    const hold = await held(deposit);
    const foreign = await act(hold.id, 'release', 'otherSupervisor', { reason: 'x' });
    expect(foreign.status).toBe(404);
    const foreignList = await w.call('GET', '/deposito/holds', { token: w.users.otherSupervisor.token });
    expect(foreignList.body.data.map((item: { id: string }) => item.id)).not.toContain(hold.id);
  });

  it('the list filters by status, reason and words, newest first', async () => {
    const deposit = await w.inState('active');
    const hold = await held(deposit, { reason: 'DECEASED', reference: 'AHLI-WARIS-9' });
    const list = (query: string) => w.call('GET', `/deposito/holds?${query}`, { token: w.users.operator.token });
    const byWord = await list('q=ahli-waris');
    expect(byWord.status).toBe(200);
    expect(byWord.body.data.map((item: { id: string }) => item.id)).toEqual([hold.id]);
    expect(byWord.body.counts).toEqual({ active: 1, releaseRequested: 0, released: 0 });
    const byReason = await list('reason=DECEASED&status=active');
    expect(byReason.body.data.map((item: { id: string }) => item.id)).toContain(hold.id);
    expect(byReason.body.data.every((item: { reason: string; status: string }) => item.reason === 'DECEASED' && item.status === 'active')).toBe(true);
    const released = await list('status=released');
    expect(released.body.data.every((item: { status: string }) => item.status === 'released')).toBe(true);
    const wrong = await list('status=lepas');
    expect([wrong.status, wrong.body.message]).toEqual([400, ['Status blokir tidak dikenal.']]);
  });

  it('the public verification says a held bilyet is held, without the reason', async () => {
    const deposit = await w.inState('active');
    const form = new FormData();
    form.set('depositId', deposit.id);
    form.set('bilyetNumber', 'BLY-HOLD-1');
    form.set('file', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'bilyet.pdf');
    const issued = await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form, headers: freshKey() });
    expect(issued.status, issued.text).toBe(200);
    const code = issued.body.data.bilyet.verificationCode as string;
    await held(deposit);
    const verified = await w.t.call('GET', `/verifikasi/bilyet/${code}`);
    expect(verified.body.data).toMatchObject({ inForce: true, held: true });
    expect(verified.body.data.note).toContain('sedang diblokir');
    expect(JSON.stringify(verified.body.data)).not.toContain('KR-2026-0113');
    const page = await w.t.call('GET', `/verifikasi/bilyet/${code}`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain('sedang diblokir');
    expect(page.text).not.toContain('agunan');
  });
});
