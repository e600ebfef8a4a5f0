import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';
import { pdfToText, squish } from '../support/pdf-text';

/**
 * Issue 17 item 3: a bilyet's number is known when it is printed — typed from the bank's
 * pre-numbered blank (numbering FORM) or taken from the bank's series (SERIES) — and its QR
 * verifies from the print on as printed, awaiting issue; the upload of the scan keeps that number.
 */

const AWAITING = 'Dicetak, menunggu penerbitan: bilyet ini asli dan sudah dicetak oleh bank, tetapi baru berlaku setelah bank menerbitkannya (bilyet yang ditandatangani belum dicatat). Hubungi bank penerbit bila ragu.';

for (const dialect of dialects) {
  describe(`printing a bilyet with its number (${dialect})`, () => {
    let w: World;
    let keys = 0;

    const print = (deposit: DepositRow, number?: string) =>
      fetch(`${w.t.url}/api-v2-bpr/deposito/bilyet/print?depositId=${deposit.id}${number === undefined ? '' : `&bilyetNumber=${encodeURIComponent(number)}`}`, {
        headers: { authorization: `Bearer ${w.users.operator.token}` },
      });
    const printedText = async (deposit: DepositRow, number?: string) => {
      const response = await print(deposit, number);
      expect(response.status, await response.clone().text()).toBe(200);
      return squish(await pdfToText(new Uint8Array(await response.arrayBuffer()), { mode: 'raw' }));
    };
    const upload = (deposit: DepositRow, bilyetNumber: string) => {
      const data = new FormData();
      data.set('depositId', deposit.id);
      data.set('bilyetNumber', bilyetNumber);
      data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
      return w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form: data, headers: freshKey() });
    };
    const codeOf = async (deposit: DepositRow) => (await w.db.selectFrom('bilyets').select('verification_code').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).verification_code;
    const verify = async (deposit: DepositRow) => (await w.t.call('GET', `/verifikasi/bilyet/${await codeOf(deposit)}`)).body;
    const numbering = (value: Record<string, unknown>) =>
      w.call('PUT', '/bpr/product-setting', { token: w.users.admin.token, json: { bilyetNumbering: value }, headers: { 'idempotency-key': `penomoran-${dialect}-${(keys += 1)}` } });
    const numberCount = async () => Number((await w.db.selectFrom('bilyet_numbers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      w = await startWorld(dialect);
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('prints the number typed from the pre-numbered form, verifies it as printed awaiting issue, and issues it with the scan', async () => {
      const deposit = await w.inState('approved');
      const untyped = await w.call('GET', `/deposito/bilyet/print?depositId=${deposit.id}`, { token: w.users.operator.token });
      expect(untyped.status).toBe(400);
      expect(untyped.body.message).toContain('Nomor bilyet wajib diisi: ketik nomor yang tercetak pada formulir bilyet bank.');

      expect(await printedText(deposit, 'FRM-0001')).toContain('No. Bilyet FRM-0001');
      // Right after the print the QR is known: genuine, printed, awaiting issue — not "tidak dikenal".
      expect((await verify(deposit)).data).toMatchObject({ genuine: true, bilyetNumber: 'FRM-0001', inForce: false, awaitingIssue: true, note: AWAITING });
      const page = await w.t.call('GET', `/verifikasi/bilyet/${await codeOf(deposit)}`, { headers: { accept: 'text/html' } });
      expect(page.text).toContain('Dicetak, menunggu penerbitan');
      const detail = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token });
      expect(detail.body.data.bilyet).toMatchObject({ status: 'none', number: null, printedNumber: 'FRM-0001' });

      // Printing again keeps the number and the code: the paper in hand stays valid.
      const code = await codeOf(deposit);
      expect(await printedText(deposit)).toContain('No. Bilyet FRM-0001');
      expect(await codeOf(deposit)).toBe(code);

      const other = await upload(deposit, 'FRM-9999');
      expect(other.status).toBe(409);
      expect(other.body.message).toBe('Nomor bilyet harus sama dengan nomor pada bilyet yang dicetak (FRM-0001). Bila nomor itu salah, cetak ulang bilyet dengan nomor yang benar.');
      const issued = await upload(deposit, 'FRM-0001');
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body.data.bilyet).toMatchObject({ status: 'issued', number: 'FRM-0001', printedNumber: null, verificationCode: code });
      expect((await verify(deposit)).data).toMatchObject({ bilyetNumber: 'FRM-0001', inForce: true, awaitingIssue: false, note: 'Bilyet ini asli dan berlaku.' });
      // An issued bilyet reprints as it is; its number cannot be changed on paper.
      expect(await printedText(deposit)).toContain('No. Bilyet FRM-0001');
      expect((await w.call('GET', `/deposito/bilyet/print?depositId=${deposit.id}&bilyetNumber=FRM-0002`, { token: w.users.operator.token })).status).toBe(409);
    });

    it('refuses a number another paper of the bank carries (409), printed or issued, and lets a mistyped print be replaced', async () => {
      const first = await w.inState('active');
      const second = await w.inState('active');
      await printedText(first, 'FRM-0100');
      const before = await numberCount();
      const taken = await w.call('GET', `/deposito/bilyet/print?depositId=${second.id}&bilyetNumber=FRM-0100`, { token: w.users.operator.token });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Nomor bilyet sudah dipakai untuk bilyet lain di bank ini.');
      expect(await numberCount()).toBe(before);
      // Nor can an upload take a number printed for another deposit.
      expect((await upload(second, 'FRM-0100')).status).toBe(409);

      // The first paper was mistyped: printing it again under the right number frees the wrong one and gives the new paper its own QR.
      const wrongCode = await codeOf(first);
      expect(await printedText(first, 'FRM-0101')).toContain('No. Bilyet FRM-0101');
      expect(await codeOf(first)).not.toBe(wrongCode);
      expect((await w.t.call('GET', `/verifikasi/bilyet/${wrongCode}`)).status).toBe(404);
      expect(await printedText(second, 'FRM-0100')).toContain('No. Bilyet FRM-0100');
      expect((await upload(first, 'FRM-0101')).status).toBe(200);
      expect((await upload(second, 'FRM-0100')).status).toBe(200);
    });

    it('takes the number from the bank\'s series when the bank numbers its own bilyets, skipping numbers already used, even for prints at the same moment', async () => {
      const invalid = await numbering({ source: 'SERIES', prefix: 'BJ 1', nextNumber: 0, digits: 6 });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toEqual(
        expect.arrayContaining(['Awalan nomor bilyet hanya boleh berisi huruf, angka, titik, garis miring dan tanda hubung.', 'Nomor urut berikutnya paling kecil 1.']),
      );
      const saved = await numbering({ source: 'SERIES', prefix: 'BJ/', nextNumber: 7, digits: 4 });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.bilyetNumbering).toEqual({ source: 'SERIES', prefix: 'BJ/', nextNumber: 7, digits: 4, nextPreview: 'BJ/0007' });

      // BJ/0008 was typed by hand on an earlier upload: the series passes over it.
      const typedEarlier = await w.inState('active');
      expect((await upload(typedEarlier, 'BJ/0008')).status).toBe(200);
      const deposit = await w.inState('approved');
      const typed = await w.call('GET', `/deposito/bilyet/print?depositId=${deposit.id}&bilyetNumber=X-1`, { token: w.users.operator.token });
      expect(typed.status).toBe(400);
      expect(typed.body.message).toContain('Nomor bilyet diambil dari seri nomor bank; jangan mengetik nomor sendiri.');
      expect(await printedText(deposit)).toContain('No. Bilyet BJ/0007');
      expect(await printedText(deposit)).toContain('No. Bilyet BJ/0007'); // a reprint takes no new number
      expect((await verify(deposit)).data).toMatchObject({ bilyetNumber: 'BJ/0007', awaitingIssue: true });

      const together = await Promise.all(Array.from({ length: 4 }, () => w.inState('active')));
      const answers = await Promise.all(together.map((one) => print(one)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      const numbers = await Promise.all(together.map(async (one) => (await w.call('GET', `/deposito/${one.id}`, { token: w.users.operator.token })).body.data.bilyet.printedNumber as string));
      expect([...numbers].sort()).toEqual(['BJ/0009', 'BJ/0010', 'BJ/0011', 'BJ/0012']);
      expect((await w.call('GET', '/bpr/product-setting', { token: w.users.operator.token })).body.data.bilyetNumbering).toMatchObject({ nextNumber: 13, nextPreview: 'BJ/0013' });

      // The upload keeps the printed number.
      const issued = await upload(deposit, 'BJ/0007');
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect((await verify(deposit)).data).toMatchObject({ bilyetNumber: 'BJ/0007', inForce: true, awaitingIssue: false });
      expect((await numbering({ source: 'FORM', prefix: 'BJ/', nextNumber: 13, digits: 4 })).status).toBe(200);
    });

    it('answers one 200 and 409s when prints typing one number for different deposits race', async () => {
      const deposits = await Promise.all(Array.from({ length: 4 }, () => w.inState('active')));
      const answers = await Promise.all(deposits.map((one) => print(one, 'FRM-RACE')));
      await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    });
  });
}
