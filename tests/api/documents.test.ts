import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';

/** API.md "Documents": POST /deposito/upload-doc, GET /invoice/doc[/customer], GET /deposito/document/{id}. */

function docForm(fields: Record<string, string>, file: { bytes: Uint8Array; type: string; name: string } | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', blob(file.bytes, file.type), file.name);
  return form;
}

const pdf = (name = 'formulir pembukaan.pdf') => ({ bytes: new Uint8Array(samplePdf()), type: 'application/pdf', name });

for (const dialect of dialects) {
  describe(`documents of deposits and customers (${dialect})`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(dialect);
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('files a deposit document, lists it newest first with its uploader, and serves it as an attachment', async () => {
      const deposit = await w.inState('active');
      const first = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: deposit.id, type: 'FORM' }, pdf()), headers: freshKey() });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ type: 'FORM', typeLabel: 'Formulir Pembukaan', fileName: 'formulir pembukaan.pdf', contentType: 'application/pdf', uploadedBy: { id: w.users.operator.id, name: 'Ani Operator' } });
      w.clock.advance(60_000);
      const png = { bytes: new Uint8Array(samplePng()), type: 'image/png', name: 'surat kuasa.png' };
      const second = await w.call('POST', '/deposito/upload-doc', { token: w.users.supervisor.token, form: docForm({ depositId: deposit.id, type: 'POWER_OF_ATTORNEY' }, png), headers: freshKey() });
      expect(second.status).toBe(201);

      const list = await w.call('GET', `/invoice/doc?depositId=${deposit.id}`, { token: w.users.operator.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((doc: { type: string }) => doc.type)).toEqual(['POWER_OF_ATTORNEY', 'FORM']);

      // Each filing is on the deposit's timeline, and leaves the deposit's version (open forms stay valid).
      const detail = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token });
      const filed = detail.body.data.timeline.filter((entry: { event: string }) => entry.event === 'document.upload');
      expect(filed.map((entry: { eventLabel: string; payload: { typeLabel: string } }) => [entry.eventLabel, entry.payload.typeLabel])).toEqual([
        ['Unggah Dokumen', 'Formulir Pembukaan'],
        ['Unggah Dokumen', 'Surat Kuasa'],
      ]);
      expect(detail.body.data.version).toBe(deposit.version);

      const download = await fetch(`${w.t.url}${first.body.data.url}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="formulir_pembukaan\.pdf"$/);
      expect(Buffer.from(await download.arrayBuffer()).equals(samplePdf())).toBe(true);
    });

    it('files a customer document and lists it with the documents of the customer\'s deposits', async () => {
      const deposit = await w.inState('active', { customer: 'second' });
      await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: deposit.id, type: 'FORM' }, pdf()), headers: freshKey() });
      const ktp = await w.call('POST', '/deposito/upload-doc', {
        token: w.users.operator.token,
        form: docForm({ customerId: w.customers.second, type: 'KTP' }, { bytes: new Uint8Array(samplePng()), type: 'image/png', name: 'ktp.png' }),
        headers: freshKey(),
      });
      expect(ktp.status).toBe(201);
      const list = await w.call('GET', `/invoice/doc/customer?customerId=${w.customers.second}`, { token: w.users.operator.token });
      expect(list.status).toBe(200);
      expect(list.body.data.map((doc: { type: string }) => doc.type).sort()).toEqual(['FORM', 'KTP']);
    });

    it("files an entity's deed of establishment as the customer's document (Akta Pendirian)", async () => {
      const deed = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ customerId: w.customers.main, type: 'DEED' }, pdf()), headers: freshKey() });
      expect(deed.status, deed.text).toBe(201);
      expect(deed.body.data).toMatchObject({ type: 'DEED', typeLabel: 'Akta Pendirian' });
      const list = await w.call('GET', `/invoice/doc/customer?customerId=${w.customers.main}`, { token: w.users.operator.token });
      expect(list.body.data.map((doc: { type: string }) => doc.type)).toContain('DEED');
    });

    it('refuses a fake PDF (HTML behind a PDF header), a 6 MB file, a missing file, an unknown type and both or neither owner, in Indonesian', async () => {
      const deposit = await w.inState('active');
      const fake = new TextEncoder().encode('%PDF-1.4\n<html><script>alert(1)</script></html>');
      const cases: Array<[Record<string, string>, Parameters<typeof docForm>[1], string]> = [
        [{ depositId: deposit.id, type: 'FORM' }, { bytes: fake, type: 'application/pdf', name: 'palsu.pdf' }, 'Dokumen "palsu.pdf" rusak atau bukan berkas PDF yang utuh.'],
        [{ depositId: deposit.id, type: 'FORM' }, { bytes: new Uint8Array(samplePdf(6 * 1024 * 1024)), type: 'application/pdf', name: 'besar.pdf' }, 'Dokumen "besar.pdf" melebihi ukuran maksimal 5 MB.'],
        [{ depositId: deposit.id, type: 'FORM' }, null, 'Dokumen wajib diunggah.'],
        [{ depositId: deposit.id, type: 'ARO_LETTER' }, pdf(), 'Jenis dokumen harus Formulir Pembukaan, KTP, NPWP, Akta Pendirian, Surat Kuasa atau Lainnya.'],
        [{ depositId: deposit.id, customerId: w.customers.main, type: 'FORM' }, pdf(), 'Isi salah satu: deposito atau nasabah.'],
        [{ type: 'FORM' }, pdf(), 'Isi salah satu: deposito atau nasabah.'],
      ];
      for (const [fields, file, message] of cases) {
        const answer = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm(fields, file), headers: freshKey() });
        expect(answer.status, message).toBe(400);
        expect(answer.body.message).toContain(message);
      }
      const list = await w.call('GET', `/invoice/doc?depositId=${deposit.id}`, { token: w.users.operator.token });
      expect(list.body.data).toEqual([]);
    });

    it('answers 404 for another bank\'s deposit, customer and document, and never lists them', async () => {
      const other = await w.inState('active', { bank: 'other', product: 'other', customer: 'other' });
      const mine = await w.inState('active');
      const filed = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: mine.id, type: 'FORM' }, pdf()), headers: freshKey() });
      const upload = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: other.id, type: 'FORM' }, pdf()), headers: freshKey() });
      expect(upload.status).toBe(404);
      expect(upload.body.message).toBe('Deposito tidak ditemukan.');
      expect((await w.call('GET', `/invoice/doc?depositId=${other.id}`, { token: w.users.operator.token })).status).toBe(404);
      expect((await w.call('GET', `/invoice/doc/customer?customerId=${w.customers.other}`, { token: w.users.operator.token })).status).toBe(404);
      const foreign = await w.t.call('GET', filed.body.data.url, { token: w.users.otherSupervisor.token });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Dokumen tidak ditemukan.');
    });

    it('files a replayed upload (same Idempotency-Key) once', async () => {
      const deposit = await w.inState('active');
      const headers = freshKey();
      const first = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: deposit.id, type: 'OTHER' }, pdf('lain.pdf')), headers });
      const again = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: docForm({ depositId: deposit.id, type: 'OTHER' }, pdf('lain.pdf')), headers });
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body.data.id).toBe(first.body.data.id);
      const list = await w.call('GET', `/invoice/doc?depositId=${deposit.id}`, { token: w.users.operator.token });
      expect(list.body.data).toHaveLength(1);
    });

    it('lists a customer\'s ARO letters with their deposit, period and drawn document', async () => {
      const deposit = await w.inState('active', { customer: 'second' });
      // A rollover's records as the daily job writes them: the new period and its letter, not drawn yet.
      const period = await w.db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow();
      await w.db.insertInto('deposit_periods').values({ ...period, id: `${period.id}-2`, period_number: 2, started_by: 'rollover' }).execute();
      await w.db.insertInto('aro_letters').values({ id: `aro-${deposit.id}`, bank_id: w.bank.id, deposit_id: deposit.id, customer_id: w.customers.second, period_number: 2, issued_date: '2026-03-02', file_id: null, created_at: w.clock.now().toISOString() }).execute();
      // An old letter is not the daily follow-up's: it is drawn when staff open the customer's letters.
      await w.db.updateTable('aro_letters').set({ issued_date: '2025-12-02' }).where('deposit_id', '=', deposit.id).execute();
      expect(await w.t.server.services.aroLetters.drawRecent()).toEqual({ drawn: 0, failed: 0 });
      const answer = await w.call('GET', `/deposito/aro-doc-by-cust-id?customerId=${w.customers.second}`, { token: w.users.operator.token });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject([{ depositId: deposit.id, depositNumber: deposit.deposit_number, periodNumber: 2, issuedAt: '2025-12-02', document: { type: 'ARO_LETTER', typeLabel: 'Surat ARO', contentType: 'application/pdf' } }]);
      const again = await w.call('GET', `/deposito/aro-doc-by-cust-id?customerId=${w.customers.second}`, { token: w.users.operator.token });
      expect(again.body.data[0].document.id).toBe(answer.body.data[0].document.id);
      const file = await fetch(`${w.t.url}${answer.body.data[0].document.url}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await w.call('GET', '/deposito/aro-doc-by-cust-id', { token: w.users.operator.token })).body.message).toContain('Nasabah wajib diisi.');
    });
  });
}
