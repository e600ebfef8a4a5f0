import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';
import { pdfPageSizes, pdfToText, squish } from '../support/pdf-text';

/** API.md "Documents, signature, courier": the bilyet's journey from upload to return, its loss and the public verification. */

type Who = keyof World['users'];

function form(fields: Record<string, string>, file: 'pdf' | 'png' | 'fake' | 'big' | null = 'pdf'): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (file === 'pdf') data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
  if (file === 'png') data.set('file', blob(new Uint8Array(samplePng()), 'image/png'), 'tanda-terima.png');
  if (file === 'fake') data.set('file', blob(new TextEncoder().encode('%PDF-1.4\n<html><body>bukan pdf</body></html>'), 'application/pdf'), 'palsu.pdf');
  if (file === 'big') data.set('file', blob(new Uint8Array(samplePdf(6 * 1024 * 1024)), 'application/pdf'), 'besar.pdf');
  return data;
}

for (const dialect of dialects) {
  describe(`the bilyet's journey (${dialect})`, () => {
    let w: World;
    let numbers = 0;
    const nextNumber = () => `BLY-UJI-${dialect}-${(numbers += 1)}`;
    const step = (path: string, who: Who, fields: Record<string, string>, file: Parameters<typeof form>[1] = null, headers = freshKey()) =>
      w.call('POST', `/deposito/${path}`, { token: w.users[who].token, form: form(fields, file), headers });
    const issue = async (deposit: DepositRow, number = nextNumber()) => {
      const answer = await step('upload-bilyet', 'operator', { depositId: deposit.id, bilyetNumber: number }, 'pdf');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    };
    const documentCount = async (depositId: string) => Number((await w.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('deposit_id', '=', depositId).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      w = await startWorld(dialect);
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('issues with the signed scan and its number, receives at the counter, takes it back, then lets a supervisor mark the payout paid', async () => {
      const deposit = await w.inState('disbursing');
      const blocked = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.supervisor.token });
      expect(blocked.body.data.bilyet.status).toBe('none');

      const issued = await issue(deposit, 'BLY-0001');
      expect(issued.body.data.bilyet).toMatchObject({ status: 'issued', statusLabel: 'Diterbitkan', number: 'BLY-0001' });
      expect(issued.body.data.bilyet.documents.map((doc: { type: string }) => doc.type)).toEqual(['BILYET_SCAN']);
      expect(issued.body.data.bilyet.allowedEvents).toContain('bilyet.receive');
      const detail = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.supervisor.token });
      expect(detail.body.data.blockedEvents.find((item: { type: string }) => item.type === 'deposit.markPaid')?.reason).toMatch(/^Bilyet deposito masih di bank/);

      const received = await step('receive-bilyet', 'operator', { depositId: deposit.id, receivedAt: '2026-03-02', receivedBy: 'Budi Nasabah' }, 'png');
      expect(received.status, JSON.stringify(received.body)).toBe(200);
      expect(received.body.data.bilyet.status).toBe('received');
      const returned = await step('return-bilyet', 'operator', { depositId: deposit.id, returnedAt: '2026-03-02' });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.data.bilyet.status).toBe('returned');
      expect(returned.body.data.allowedEvents).not.toContain('deposit.markPaid'); // operator
      const forSupervisor = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.supervisor.token });
      expect(forSupervisor.body.data.allowedEvents).toContain('deposit.markPaid');

      const timeline = forSupervisor.body.data.timeline.map((entry: { event: string; eventLabel: string }) => [entry.event, entry.eventLabel]);
      expect(timeline.slice(-3)).toEqual([
        ['bilyet.issue', 'Unggah Bilyet'],
        ['bilyet.receive', 'Catat Penerimaan'],
        ['bilyet.return', 'Catat Pengembalian'],
      ]);
    });

    it('refuses a number the bank already used (409), and keeps no file of the refused upload', async () => {
      const first = await w.inState('active');
      const second = await w.inState('active');
      await issue(first, 'BLY-DUPLIKAT');
      const before = await documentCount(second.id);
      const duplicate = await step('upload-bilyet', 'operator', { depositId: second.id, bilyetNumber: 'BLY-DUPLIKAT' }, 'pdf');
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe('Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.');
      expect(await documentCount(second.id)).toBe(before);
      expect((await w.row(second.id)).bilyet_status).toBe('none');
    });

    it('refuses a bilyet for a deposit not approved yet, a step in the wrong state, and bad files, in Indonesian', async () => {
      const pending = await w.inState('pending');
      const early = await step('upload-bilyet', 'operator', { depositId: pending.id, bilyetNumber: nextNumber() }, 'pdf');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Deposito belum disetujui; bilyet belum dapat diterbitkan.');

      const active = await w.inState('active');
      const notYet = await step('return-bilyet', 'operator', { depositId: active.id, returnedAt: '2026-03-02' });
      expect(notYet.status).toBe(409);
      expect(notYet.body.message).toMatch(/^Bilyet tidak dalam status/);

      for (const [file, message] of [
        ['fake', 'Pindaian bilyet "palsu.pdf" rusak atau bukan berkas PDF yang utuh.'],
        ['big', 'Pindaian bilyet "besar.pdf" melebihi ukuran maksimal 5 MB.'],
        [null, 'Pindaian bilyet wajib diunggah.'],
      ] as const) {
        const answer = await step('upload-bilyet', 'operator', { depositId: active.id, bilyetNumber: nextNumber() }, file);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toContain(message);
      }
      const future = await issue(active).then(() => step('receive-bilyet', 'operator', { depositId: active.id, receivedAt: '2026-03-09', receivedBy: 'Budi' }));
      expect(future.status).toBe(400);
      expect(future.body.message).toContain('Tanggal diterima tidak boleh setelah hari ini.');
      expect(await documentCount(active.id)).toBe(1);
    });

    it('records a loss only by a supervisor and with a statement, then reissues under a new number; the lost paper no longer verifies as in force', async () => {
      const deposit = await w.inState('active');
      await issue(deposit, 'BLY-HILANG-1');
      const code = (await w.db.selectFrom('bilyets').select('verification_code').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).verification_code;
      const verified = await w.t.call('GET', `/verifikasi/bilyet/${code}`);
      expect(verified.status).toBe(200);
      expect(verified.body.data).toMatchObject({ genuine: true, bilyetNumber: 'BLY-HILANG-1', inForce: true, bankName: 'BPR Uji Sentosa' });
      expect(verified.body.data.holderName).toMatch(/^[A-Z]\*+( [A-Z]\*+)*$/);
      expect(JSON.stringify(verified.body.data)).not.toMatch(/nik|address|alamat/i);

      const byOperator = await step('lost-bilyet', 'operator', { depositId: deposit.id, reason: 'Hilang saat pindah rumah' }, 'pdf');
      expect(byOperator.status).toBe(403);
      expect(byOperator.body.message).toBe('Hanya supervisor yang dapat mencatat kehilangan bilyet.');
      expect(await documentCount(deposit.id)).toBe(1); // the statement of the refused step is not kept
      const noStatement = await step('lost-bilyet', 'supervisor', { depositId: deposit.id, reason: 'Hilang saat pindah rumah' });
      expect(noStatement.status).toBe(400);
      expect(noStatement.body.message).toContain('Surat keterangan kehilangan wajib diunggah.');
      const lost = await step('lost-bilyet', 'supervisor', { depositId: deposit.id, reason: 'Hilang saat pindah rumah' }, 'pdf');
      expect(lost.status, JSON.stringify(lost.body)).toBe(200);
      expect(lost.body.data.bilyet.status).toBe('lost');
      expect((await w.t.call('GET', `/verifikasi/bilyet/${code}`)).body.data).toMatchObject({ inForce: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang.' });

      const sameNumber = await step('upload-bilyet', 'operator', { depositId: deposit.id, bilyetNumber: 'BLY-HILANG-1' }, 'pdf');
      expect(sameNumber.status).toBe(409);
      const notReprinted = await step('upload-bilyet', 'operator', { depositId: deposit.id, bilyetNumber: 'BLY-HILANG-2' }, 'pdf');
      expect(notReprinted.status).toBe(409);
      expect(notReprinted.body.message).toBe('Cetak bilyet pengganti dari Berjangka lebih dahulu: kode QR bilyet yang hilang sudah tidak berlaku.');
      const reprint = await fetch(`${w.t.url}/api-v2-bpr/deposito/bilyet/print?depositId=${deposit.id}&bilyetNumber=BLY-HILANG-2`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      expect(reprint.status).toBe(200);
      // From the reprint on, the new paper's QR answers "printed, awaiting issue"; the lost one's still "lost".
      const reprintCode = (await w.db.selectFrom('bilyets').select('verification_code').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).verification_code;
      expect((await w.t.call('GET', `/verifikasi/bilyet/${reprintCode}`)).body.data).toMatchObject({ bilyetNumber: 'BLY-HILANG-2', inForce: false, awaitingIssue: true });
      expect((await w.t.call('GET', `/verifikasi/bilyet/${code}`)).body.data).toMatchObject({ bilyetNumber: 'BLY-HILANG-1', inForce: false, awaitingIssue: false });
      const reissued = await step('upload-bilyet', 'operator', { depositId: deposit.id, bilyetNumber: 'BLY-HILANG-2' }, 'pdf');
      expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
      expect(reissued.body.data.bilyet).toMatchObject({ status: 'issued', number: 'BLY-HILANG-2' });
      expect(reissued.body.data.bilyet.verificationCode).not.toBe(code);
      expect((await w.t.call('GET', `/verifikasi/bilyet/${code}`)).body.data).toMatchObject({ inForce: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang dan diganti dengan bilyet baru.' });
      expect((await w.t.call('GET', `/verifikasi/bilyet/${reissued.body.data.bilyet.verificationCode}`)).body.data).toMatchObject({ inForce: true, bilyetNumber: 'BLY-HILANG-2' });
    });

    it('answers a browser with the verification page, and slows a client that tries unknown codes', async () => {
      const deposit = await w.inState('active');
      const issued = await issue(deposit);
      const page = await w.t.call('GET', `/verifikasi/bilyet/${issued.body.data.bilyet.verificationCode}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.text).toContain('Bilyet ini asli dan berlaku.');
      expect(page.text).not.toContain('<script');

      const misses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) misses.push((await w.t.call('GET', `/verifikasi/bilyet/ABCDEFGHJKLMNPQRSTUV`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status);
      expect(misses.slice(0, 10).every((status) => status === 404)).toBe(true);
      // Past the free misses the client waits, even for a genuine code.
      const blocked = await w.t.call('GET', `/verifikasi/bilyet/${issued.body.data.bilyet.verificationCode}`);
      expect([misses[10], blocked.status]).toContain(429);
    });

    it('prints the bilyet with holder, NIK, amount in words and the verification link, on A4 or the bank\'s form size', async () => {
      const deposit = await w.inState('active', { amount: 1_250_000_000 });
      const fetchPdf = async (query: string) => {
        const response = await fetch(`${w.t.url}/api-v2-bpr/deposito/bilyet/print?depositId=${deposit.id}${query}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        return new Uint8Array(await response.arrayBuffer());
      };
      const a4 = await fetchPdf('&bilyetNumber=BLY-CETAK-1');
      const text = squish(await pdfToText(a4));
      const row = await w.row(deposit.id);
      const code = (await w.db.selectFrom('bilyets').select('verification_code').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).verification_code;
      expect(text).toContain('BILYET DEPOSITO BERJANGKA');
      expect(text).toContain(row.customer_name);
      expect(text).toContain(row.customer_nik);
      expect(text).toContain('Rp 1.250.000.000');
      expect(text).toContain('satu miliar dua ratus lima puluh juta rupiah');
      expect(text).toContain(`http://berjangka.test/verifikasi/bilyet/${code}`);
      expect(squish(await pdfToText(a4, { mode: 'raw' }))).toContain('No. Bilyet BLY-CETAK-1');
      const [a4Size] = await pdfPageSizes(a4);
      expect(Math.round(a4Size!.width)).toBe(842); // A4 landscape, in points

      const bankForm = await fetchPdf('&widthMm=210&heightMm=99&bilyetNumber=BLY-CETAK-1');
      const [formSize] = await pdfPageSizes(bankForm);
      expect(Math.round(formSize!.width)).toBe(595);
      expect(Math.round(formSize!.height)).toBe(281);
      // Printing again before the upload keeps the same code: the printed paper stays valid.
      expect((await w.db.selectFrom('bilyets').select('verification_code').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).verification_code).toBe(code);

      const badSize = await w.call('GET', `/deposito/bilyet/print?depositId=${deposit.id}&widthMm=100`, { token: w.users.operator.token });
      expect(badSize.status).toBe(400);
      expect(badSize.body.message).toContain('Lebar formulir minimal 180 mm.');
      const portrait = await w.call('GET', `/deposito/bilyet/print?depositId=${deposit.id}&widthMm=180&heightMm=297`, { token: w.users.operator.token });
      expect(portrait.status).toBe(400);
      expect(portrait.body.message).toContain('Formulir bilyet harus mendatar: lebarnya tidak boleh lebih kecil dari tingginya.');
      const other = await w.inState('active', { bank: 'other', product: 'other', customer: 'other' });
      expect((await w.call('GET', `/deposito/bilyet/print?depositId=${other.id}`, { token: w.users.operator.token })).status).toBe(404);
    });

    it('answers 404 for another bank\'s deposit and replays a step with the same Idempotency-Key once', async () => {
      const other = await w.inState('active', { bank: 'other', product: 'other', customer: 'other' });
      const foreign = await step('upload-bilyet', 'operator', { depositId: other.id, bilyetNumber: nextNumber() }, 'pdf');
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Deposito tidak ditemukan.');

      const deposit = await w.inState('active');
      const headers = freshKey();
      const fields = { depositId: deposit.id, bilyetNumber: nextNumber() };
      const first = await step('upload-bilyet', 'operator', fields, 'pdf', headers);
      const again = await step('upload-bilyet', 'operator', fields, 'pdf', headers);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(await documentCount(deposit.id)).toBe(1);
    });
  });
}
