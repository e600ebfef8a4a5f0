import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePng } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import { tinyPdf } from './support/provider-sandboxes';
import { PRIVY_CALLBACK_SECRET_FILE } from '../../server/signature/privy-provider';
import { signPrivyCallback } from '../../server/signature/privy-callback';
import { pdfToText, squish } from '../support/pdf-text';
import type { DepositRow } from '../../server/platform/db/schema';

/** API.md "Documents, signature, courier": Privy signatures through the Privy sandbox and its signed callback. */

for (const dialect of dialects) {
  describe(`Privy signatures (${dialect})`, () => {
    let w: World;
    const route: { fetch?: (request: Request) => Promise<Response> } = {};

    const uploadForm = async (deposit: DepositRow, kind: 'pdf' | 'png' = 'pdf') => {
      const data = new FormData();
      data.set('depositId', deposit.id);
      data.set('type', 'FORM');
      data.set('file', kind === 'pdf' ? blob(tinyPdf(), 'application/pdf') : blob(new Uint8Array(samplePng()), 'image/png'), kind === 'pdf' ? 'formulir.pdf' : 'formulir.png');
      const answer = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: data, headers: freshKey() });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data.id as string;
    };
    const send = (depositId: string, documentId: string, headers = freshKey()) =>
      w.call('POST', '/deposito/sign-document', { token: w.users.operator.token, json: { depositId, documentId }, headers });
    const list = async (depositId: string) => (await w.call('GET', `/deposito/signature?depositId=${depositId}`, { token: w.users.operator.token })).body.data;
    /** The signer presses a button on the sandbox's page (reached through our server like a browser would). */
    const decide = async (signingUrl: string, decision: 'tanda-tangan' | 'tolak') => {
      const url = new URL(signingUrl);
      return fetch(`${w.t.url}${url.pathname}`, { method: 'POST', body: new URLSearchParams({ keputusan: decision }), redirect: 'manual' });
    };
    const callback = (body: object, signature?: string) => {
      const raw = JSON.stringify(body);
      const secret = readFileSync(join(w.t.dataDir, PRIVY_CALLBACK_SECRET_FILE), 'utf8').trim();
      return fetch(`${w.t.url}/api-v2-bpr/privy/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-privy-signature': signature ?? signPrivyCallback(raw, secret) },
        body: raw,
      });
    };

    beforeAll(async () => {
      w = await startWorld(dialect, '2026-03-02', {
        // The sandbox calls back at PUBLIC_URL (http://berjangka.test): routed into this server.
        privyCallbackFetch: (input, init) => route.fetch!(new Request(input, init)),
        privyCallbackRetryDelaysMs: [],
      });
      route.fetch = async (request) => w.t.server.app.fetch(request);
      await w.db.updateTable('customers').set({ email: 'nasabah@uji.test' }).where('bank_id', '=', w.bank.id).execute();
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('sends a PDF form (201), the customer signs on the sandbox page, and the signed copy is stored as a document', async () => {
      const deposit = await w.inState('active');
      const documentId = await uploadForm(deposit);
      const sent = await send(deposit.id, documentId);
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(sent.body.data).toMatchObject({ status: 'sent', signingUrl: expect.stringMatching(/^http:\/\/berjangka\.test\/sandbox\/privy\/sign\//) });
      const [open] = await list(deposit.id);
      expect(open).toMatchObject({ status: 'sent', statusLabel: 'Menunggu tanda tangan', signerEmail: 'nasabah@uji.test', validUntil: '2026-03-15', document: { id: documentId } });
      expect((await w.row(deposit.id)).signature_status).toBe('sent');

      const page = await fetch(`${w.t.url}${new URL(sent.body.data.signingUrl).pathname}`);
      const pageText = await page.text();
      expect(pageText).toContain('Tanda tangani');
      // The signing page and the staff's list state the same last day (15-Mar-2026: sent 2 March, 14 days).
      expect(pageText).toContain('<dt>Berlaku sampai</dt><dd>15 Maret 2026 (sampai akhir hari, WIB)</dd>');
      // Sent at 06:30 WIB, still 1 March in UTC: the signing page counts from the WIB day, as staff do.
      const docToken = (await w.db.selectFrom('signature_requests').select('provider_document_id').where('id', '=', sent.body.data.signatureId).executeTakeFirstOrThrow()).provider_document_id;
      await w.db.updateTable('sandbox_privy_documents' as never).set({ created_at: '2026-03-01T23:30:00.000Z' } as never).where('doc_token' as never, '=', docToken as never).execute();
      expect(await (await fetch(`${w.t.url}${new URL(sent.body.data.signingUrl).pathname}`)).text()).toContain('<dt>Berlaku sampai</dt><dd>15 Maret 2026 (sampai akhir hari, WIB)</dd>');
      const signed = await decide(sent.body.data.signingUrl, 'tanda-tangan');
      expect(signed.status).toBe(303);
      expect(signed.headers.get('location')).toMatch(/^http:\/\/berjangka\.test\/signature\/privy\?status=signed/);

      const [done] = await list(deposit.id);
      expect(done).toMatchObject({ status: 'signed', statusLabel: 'Ditandatangani', signingUrl: null, signedDocument: { type: 'SIGNED_FORM', contentType: 'application/pdf' } });
      expect((await w.row(deposit.id)).signature_status).toBe('signed');
      const copy = await fetch(`${w.t.url}${done.signedDocument.url}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      const text = squish(await pdfToText(new Uint8Array(await copy.arrayBuffer())));
      expect(text).toContain('Formulir pembukaan deposito'); // the original's page
      expect(text).toContain('nasabah@uji.test'); // the appended signature page
      const timeline = (await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token })).body.data.timeline;
      expect(timeline.slice(-2).map((entry: { event: string; eventLabel: string }) => entry.event)).toEqual(['signature.send', 'signature.complete']);
    });

    it('a forged callback is 401 and changes nothing; a valid one is recorded once, however often it comes', async () => {
      const deposit = await w.inState('active');
      const sent = (await send(deposit.id, await uploadForm(deposit))).body.data;
      const request = await w.db.selectFrom('signature_requests').selectAll().where('id', '=', sent.signatureId).executeTakeFirstOrThrow();
      const body = { eventId: `evt-${dialect}-1`, event: 'document.declined', docToken: request.provider_document_id, documentStatus: 'Declined', reference: sent.signatureId, occurredAt: '2026-03-02T03:00:00.000Z' };

      const unsigned = await fetch(`${w.t.url}/api-v2-bpr/privy/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(unsigned.status).toBe(401);
      const forged = await callback(body, 'a'.repeat(64));
      expect(forged.status).toBe(401);
      expect((await forged.json()).message).toBe('Callback Privy ditolak: tanda tangan (HMAC) tidak cocok.');
      expect((await w.row(deposit.id)).signature_status).toBe('sent');

      const first = await callback(body);
      expect(first.status).toBe(200);
      expect((await first.json()).data).toEqual({ recorded: true });
      const second = await callback(body);
      expect(second.status).toBe(200);
      expect((await second.json()).data).toEqual({ recorded: false });
      // Another event about the same, finished document: answered, not recorded again.
      const late = await callback({ ...body, eventId: `evt-${dialect}-2` });
      expect((await late.json()).data).toEqual({ recorded: false });
      const completions = await w.db.selectFrom('deposit_audit').select('event').where('deposit_id', '=', deposit.id).where('event', '=', 'signature.complete').execute();
      expect(completions).toHaveLength(1);
      expect((await list(deposit.id))[0]).toMatchObject({ status: 'declined', signedDocument: null });

      const notJson = await callback({} as object, undefined);
      expect(notJson.status).toBe(400);
    });

    it('keys callback events per document, refuses a reference that is not the document\'s, and records "signed" only with the signed copy', async () => {
      const [a, b, c] = await Promise.all([w.inState('active'), w.inState('active'), w.inState('active')]);
      const sentA = (await send(a.id, await uploadForm(a))).body.data;
      const sentB = (await send(b.id, await uploadForm(b))).body.data;
      const sentC = (await send(c.id, await uploadForm(c))).body.data;
      const tokenOf = async (signatureId: string) => (await w.db.selectFrom('signature_requests').select('provider_document_id').where('id', '=', signatureId).executeTakeFirstOrThrow()).provider_document_id;
      const shared = `evt-${dialect}-bersama`;
      const declined = async (signatureId: string, reference: string) => ({ eventId: shared, event: 'document.declined', docToken: await tokenOf(signatureId), documentStatus: 'Declined', reference, occurredAt: '2026-03-02T03:00:00.000Z' });
      const storedEvents = async () => (await w.db.selectFrom('signature_callbacks').select('signature_id').where('event_id', '=', shared).execute()).map((row) => row.signature_id).sort();

      // A's document with B's reference: refused, nothing changed, the event not remembered.
      const mixed = await callback(await declined(sentA.signatureId, sentB.signatureId));
      expect(mixed.status).toBe(409);
      expect((await mixed.json()).message).toBe('Callback Privy ditolak: reference tidak sama dengan permintaan tanda tangan dokumen ini; tidak ada yang diubah.');
      expect((await w.row(a.id)).signature_status).toBe('sent');
      expect(await storedEvents()).toEqual([]);

      // One event id about two documents: each is recorded (the id is remembered per document).
      expect((await (await callback(await declined(sentA.signatureId, sentA.signatureId))).json()).data).toEqual({ recorded: true });
      expect((await (await callback(await declined(sentB.signatureId, sentB.signatureId))).json()).data).toEqual({ recorded: true });
      expect([(await w.row(a.id)).signature_status, (await w.row(b.id)).signature_status]).toEqual(['declined', 'declined']);
      expect(await storedEvents()).toEqual([sentA.signatureId, sentB.signatureId].sort());

      // "Signed" before Privy has the signed copy: not recorded (503, Privy calls again), the request stays out.
      const signedBody = { eventId: `evt-${dialect}-ttd`, event: 'document.signed', docToken: await tokenOf(sentC.signatureId), documentStatus: 'Completed', reference: sentC.signatureId, signedAt: '2026-03-02T04:00:00.000Z' };
      const early = await callback(signedBody);
      expect(early.status).toBe(503);
      expect((await early.json()).message).toBe('Salinan bertanda tangan belum dapat diambil dari Privy; status tetap menunggu tanda tangan sampai salinannya tersimpan. Kirim ulang callback nanti.');
      expect((await list(c.id))[0]).toMatchObject({ status: 'sent', signedDocument: null });
      expect((await w.row(c.id)).signature_status).toBe('sent');
      expect(await w.db.selectFrom('documents').select('id').where('deposit_id', '=', c.id).where('type', '=', 'SIGNED_FORM').execute()).toEqual([]);

      // The customer signs on Privy: its callback records "signed" with the copy; the early event sent again changes nothing.
      expect((await decide(sentC.signingUrl, 'tanda-tangan')).status).toBe(303);
      const [signed] = await list(c.id);
      expect(signed).toMatchObject({ status: 'signed', signedDocument: { type: 'SIGNED_FORM' } });
      const again = await callback(signedBody);
      expect(again.status).toBe(200);
      expect((await again.json()).data).toEqual({ recorded: false });
    });

    it('refuses in Indonesian: an image (400), a customer without email (400), a document still out (409), another bank (404), no token (401); replays once', async () => {
      const deposit = await w.inState('active');
      const image = await uploadForm(deposit, 'png');
      const notPdf = await send(deposit.id, image);
      expect(notPdf.status).toBe(400);
      expect(notPdf.body.message).toContain('Privy hanya menerima dokumen PDF; unggah dokumen dalam bentuk PDF.');

      const documentId = await uploadForm(deposit);
      const key = freshKey();
      const first = await send(deposit.id, documentId, key);
      const replay = await send(deposit.id, documentId, key);
      expect(replay.status).toBe(201);
      expect(replay.body.data).toEqual(first.body.data);
      const again = await send(deposit.id, documentId);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Dokumen ini masih menunggu tanda tangan nasabah.');

      const other = await w.inState('active', { bank: 'other', product: 'other', customer: 'other' });
      expect((await w.call('POST', '/deposito/sign-document', { token: w.users.otherSupervisor.token, json: { depositId: deposit.id, documentId }, headers: freshKey() })).status).toBe(404);
      expect((await w.call('GET', `/deposito/signature?depositId=${deposit.id}`, { token: w.users.otherSupervisor.token })).status).toBe(404);
      expect((await w.call('GET', `/deposito/signature?depositId=${other.id}`, { token: w.users.operator.token })).status).toBe(404);
      expect((await w.call('POST', '/deposito/sign-document', { json: { depositId: deposit.id, documentId }, headers: freshKey() })).status).toBe(401);

      await w.db.updateTable('customers').set({ email: null }).where('id', '=', deposit.customer_id).execute();
      const noEmail = await send(deposit.id, await uploadForm(deposit));
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.message).toContain('Email nasabah belum tercatat; Privy mengirim tautan tanda tangan ke email nasabah.');
      await w.db.updateTable('customers').set({ email: 'nasabah@uji.test' }).where('id', '=', deposit.customer_id).execute();
    });
    it('(runs last: it moves the clock) polls Privy when the callback never came, and the daily job expires requests after 14 days', async () => {
      const lost = await w.inState('active');
      const sentLost = (await send(lost.id, await uploadForm(lost))).body.data;
      // The sandbox cannot reach us: the outcome is only at Privy.
      route.fetch = async () => new Response('unreachable', { status: 503 });
      await decide(sentLost.signingUrl, 'tanda-tangan');
      route.fetch = async (request) => w.t.server.app.fetch(request);
      expect((await w.row(lost.id)).signature_status).toBe('sent');
      expect((await list(lost.id))[0]).toMatchObject({ status: 'signed', signedDocument: { type: 'SIGNED_FORM' } });

      const waiting = await w.inState('active');
      await send(waiting.id, await uploadForm(waiting));
      w.setToday('2026-03-14');
      expect(await w.t.server.services.signatures.settleOpen()).toEqual({ completed: 0, expired: 0, failed: 0 });
      w.setToday('2026-03-16');
      // Privy's own expiry or ours, whichever the job meets first: the request ends expired either way.
      expect((await w.t.server.services.signatures.settleOpen()).failed).toBe(0);
      expect((await w.db.selectFrom('signature_requests').select('status').where('deposit_id', '=', waiting.id).executeTakeFirstOrThrow()).status).toBe('expired');
      expect((await w.row(waiting.id)).signature_status).toBe('expired');
    });

  });
}
