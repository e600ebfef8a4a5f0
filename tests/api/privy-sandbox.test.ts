import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../server/platform/clock';
import { inAmbientTransaction } from '../../server/platform/db/ambient-transaction';
import { readPrivyCallback } from '../../server/signature/privy-callback';
import { privyClient, SignatureError, type SignatureProvider, type SignatureRequest } from '../../server/signature/privy-client';
import { PRIVY_CALLBACK_PATH, PRIVY_CALLBACK_SECRET_FILE, SANDBOX_PRIVY_MERCHANT_KEY, signatureFromConfig } from '../../server/signature/privy-provider';
import { privySandbox, type AppendSignaturePage, type SandboxSignature } from '../../server/signature/privy-sandbox';
import {
  closedPortUrl,
  serveMounted,
  dialects,
  TestClock,
  openTestDatabase,
  serveMountedAt,
  startCallbackReceiver,
  tinyPdf,
  type CallbackReceiver,
  type Served,
  type TestDatabase,
} from './support/provider-sandboxes';

/**
 * The real Privy client against the Privy sandbox over real HTTP, on each dialect: sending a
 * document, the signer's page, signing and declining (a signed callback to a test receiver and a
 * redirect to the return URL), status polling, expiry after 14 days, the signed copy.
 */

const MERCHANT_KEY = 'kunci-merchant-uji';
const SECRET = 'rahasia-callback-uji-yang-panjang-sekali';
const START = '2026-03-02T02:00:00.000Z';
const RETURN_URL = 'http://spa.berjangka.test/signature/privy';

/** Stands in for signed-copy.ts: the original, then a line naming the signer (still a PDF). */
const appended: Array<{ original: Uint8Array; signature: SandboxSignature }> = [];
const appendSignaturePage: AppendSignaturePage = async (original, signature) => {
  appended.push({ original, signature });
  return new Uint8Array([...original, ...Buffer.from(`% ditandatangani oleh ${signature.signerName} ${signature.signedAt}\n`, 'latin1')]);
};

async function failure(promise: Promise<unknown>): Promise<SignatureError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureError);
    return error as SignatureError;
  }
  throw new Error('expected a SignatureError');
}

describe.each(dialects)('Privy client against the Privy sandbox on %s', (dialect) => {
  let database: TestDatabase;
  let clock: TestClock;
  let receiver: CallbackReceiver;
  let served: Served;
  let client: SignatureProvider;
  let sequence = 0;

  const document = (overrides: Partial<SignatureRequest> = {}): SignatureRequest => {
    sequence += 1;
    return {
      documentTitle: `Formulir pembukaan deposito DEP-${sequence}`,
      fileName: `formulir-${sequence}.pdf`,
      bytes: tinyPdf(`Formulir ${sequence}`),
      mediaType: 'application/pdf',
      signer: { name: 'Budi Santoso', email: 'budi@example.test', phone: '081234567890' },
      reference: `sig-${sequence}`,
      callbackUrl: `${receiver.origin}/privy/callback`,
      returnUrl: RETURN_URL,
      ...overrides,
    };
  };
  const press = (signingUrl: string, keputusan: string) =>
    fetch(signingUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ keputusan }).toString(), redirect: 'manual' });
  const row = (docToken: string) => database.db.selectFrom('sandbox_privy_documents' as never).selectAll().where('doc_token' as never, '=', docToken as never).executeTakeFirstOrThrow() as Promise<Record<string, any>>;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    clock = new TestClock(START);
    receiver = await startCallbackReceiver();
    served = await serveMountedAt('/sandbox/privy', (origin) =>
      privySandbox({
        db: database.db,
        clock,
        merchantKey: MERCHANT_KEY,
        callbackSecret: SECRET,
        callbackUrl: `${receiver.origin}/privy/callback`,
        publicBaseUrl: `${origin}/sandbox/privy`,
        appendSignaturePage,
        callbackRetryDelaysMs: [20, 20],
      }),
    );
    client = privyClient({ baseUrl: `${served.origin}/sandbox/privy/v3/merchant`, merchantKey: MERCHANT_KEY });
  });
  afterAll(async () => {
    await served?.close();
    await receiver?.close();
    await database?.close();
  });

  it('sends a document: a docToken and a signing URL on the sandbox; its status is sent', async () => {
    clock.set(START);
    const sent = await client.send(document());
    expect(sent.providerDocumentId).toMatch(/^[0-9a-f]{40}$/);
    expect(sent.signingUrl).toMatch(new RegExp(`^${served.origin}/sandbox/privy/sign/[A-Za-z0-9_-]{43}$`));
    expect(await client.status(sent.providerDocumentId)).toEqual({ status: 'sent' });
  });

  it('shows the signer an Indonesian page with the title, the signer, a preview link and the two buttons, under a strict policy', async () => {
    clock.set(START);
    const request = document();
    const { signingUrl } = await client.send(request);
    const response = await fetch(signingUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain(`<h1>${request.documentTitle}</h1>`);
    expect(html).toContain('Budi Santoso &lt;budi@example.test&gt;');
    expect(html).toContain('>Tanda tangani</button>');
    expect(html).toContain('>Tolak</button>');
    expect(html).toContain('2 Maret 2026, 09.00 WIB');
    expect(html).not.toMatch(/<script|https?:\/\/(?!spa\.berjangka\.test)/);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; style-src 'nonce-[A-Za-z0-9+/=]+'; form-action 'self' http:\/\/spa\.berjangka\.test; frame-ancestors 'none'; base-uri 'none'$/);
    expect(html).toContain(`<style nonce="${/'nonce-([^']+)'/.exec(policy)![1]}">`);

    const href = /<a class="preview" href="([^"]+)">Lihat dokumen \(PDF\)<\/a>/.exec(html)![1]!;
    const preview = await fetch(new URL(href, signingUrl));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-disposition')).toMatch(/^attachment; filename="formulir-\d+\.pdf"$/);
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(request.bytes);
  });

  it('records "Tanda tangani": a callback with a valid HMAC to the callback URL, a redirect to the return URL, status signed, the signed copy', async () => {
    clock.set(START);
    const request = document();
    const { providerDocumentId, signingUrl } = await client.send(request);
    clock.advance(15 * MINUTE_MS);
    const before = receiver.received.length;
    const answer = await press(signingUrl, 'tanda-tangan');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${RETURN_URL}?status=signed&documentId=${providerDocumentId}&reference=${request.reference}`);

    const callbacks = receiver.received.slice(before);
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.path).toBe('/privy/callback');
    expect(callbacks[0]!.headers['content-type']).toBe('application/json');
    const callback = readPrivyCallback(callbacks[0]!.body, callbacks[0]!.headers['x-privy-signature'] as string, SECRET);
    expect(callback).toEqual({
      providerDocumentId,
      status: 'signed',
      signedAt: '2026-03-02T02:15:00.000Z',
      occurredAt: '2026-03-02T02:15:00.000Z',
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: request.reference,
    });
    expect(() => readPrivyCallback(callbacks[0]!.body, callbacks[0]!.headers['x-privy-signature'] as string, 'another-secret')).toThrow(/tidak cocok/);

    const state = await client.status(providerDocumentId);
    expect(state.status).toBe('signed');
    expect(state.signedAt).toBe('2026-03-02T02:15:00.000Z');
    const signed = await state.signedFile!();
    expect(Buffer.from(signed).toString('latin1')).toBe(`${Buffer.from(request.bytes).toString('latin1')}% ditandatangani oleh Budi Santoso 2026-03-02T02:15:00.000Z\n`);
    expect(appended.at(-1)!.original).toEqual(request.bytes);
    expect(appended.at(-1)!.signature).toEqual({
      providerDocumentId,
      documentTitle: request.documentTitle,
      signerName: 'Budi Santoso',
      signerEmail: 'budi@example.test',
      signedAt: '2026-03-02T02:15:00.000Z',
      reference: request.reference,
      provider: 'Privy (sandbox)',
    });
    expect(await row(providerDocumentId)).toMatchObject({ status: 'signed', callback_attempts: 1, callback_delivered_at: '2026-03-02T02:15:00.000Z', event_id: callback.eventId });

    // The page now says so; a second press changes nothing and calls nobody.
    const again = await press(signingUrl, 'tolak');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Dokumen ini sudah ditandatangani pada 2 Maret 2026, 09.15 WIB.');
    expect(receiver.received.length).toBe(before + 1);
    expect((await client.status(providerDocumentId)).status).toBe('signed');
  });

  it('gives a download link that lasts an hour; a fresh status gives a fresh one', async () => {
    clock.set(START);
    const { providerDocumentId, signingUrl } = await client.send(document());
    await press(signingUrl, 'tanda-tangan');
    const state = await client.status(providerDocumentId);
    clock.advance(61 * MINUTE_MS);
    const stale = await failure(state.signedFile!());
    expect(stale.kind).toBe('bad-answer');
    expect(stale.message).toMatch(/HTTP 403; tautan unduhan mungkin sudah kedaluwarsa/);
    const fresh = await client.status(providerDocumentId);
    expect((await fresh.signedFile!()).byteLength).toBeGreaterThan(0);
  });

  it('records "Tolak": a declined callback, a redirect with status=declined, status declined without a signed copy', async () => {
    clock.set(START);
    const request = document();
    const { providerDocumentId, signingUrl } = await client.send(request);
    const before = receiver.received.length;
    const answer = await press(signingUrl, 'tolak');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${RETURN_URL}?status=declined&documentId=${providerDocumentId}&reference=${request.reference}`);
    const [delivered] = receiver.received.slice(before);
    expect(readPrivyCallback(delivered!.body, delivered!.headers['x-privy-signature'] as string, SECRET)).toMatchObject({ providerDocumentId, status: 'declined', signedAt: null });
    expect(await client.status(providerDocumentId)).toEqual({ status: 'declined' });
    expect((await row(providerDocumentId)).signed).toBeNull();
    expect(await (await fetch(signingUrl)).text()).toContain('Dokumen ini sudah ditolak pada');
  });

  it('answers expired for a document not acted on for 14 days; its page refuses to sign', async () => {
    clock.set(START);
    const { providerDocumentId, signingUrl } = await client.send(document());
    clock.advance(14 * DAY_MS - MINUTE_MS);
    expect((await client.status(providerDocumentId)).status).toBe('sent');
    clock.advance(MINUTE_MS);
    expect(await client.status(providerDocumentId)).toEqual({ status: 'expired' });
    const html = await (await fetch(signingUrl)).text();
    expect(html).toContain('Tautan ini sudah kedaluwarsa');
    expect(html).not.toContain('<button');
    const before = receiver.received.length;
    expect((await press(signingUrl, 'tanda-tangan')).status).toBe(409);
    expect(receiver.received.length).toBe(before);
    expect((await client.status(providerDocumentId)).status).toBe('expired');
  });

  it('retries a callback the receiver failed, with the same event; the signer is redirected either way', async () => {
    clock.set(START);
    const first = await client.send(document());
    receiver.failNext(2);
    let before = receiver.received.length;
    expect((await press(first.signingUrl, 'tanda-tangan')).status).toBe(303);
    const attempts = receiver.received.slice(before);
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    expect(await row(first.providerDocumentId)).toMatchObject({ callback_attempts: 3, callback_delivered_at: START });

    const second = await client.send(document());
    receiver.failNext(5);
    before = receiver.received.length;
    expect((await press(second.signingUrl, 'tanda-tangan')).status).toBe(303);
    expect(receiver.received.length - before).toBe(3);
    expect(await row(second.providerDocumentId)).toMatchObject({ status: 'signed', callback_attempts: 3, callback_delivered_at: null });
    // Status polling still tells.
    expect((await client.status(second.providerDocumentId)).status).toBe('signed');

    // A 4xx other than 408/429 is final: no retry.
    const third = await client.send(document());
    receiver.failNext(1, 401);
    before = receiver.received.length;
    await press(third.signingUrl, 'tanda-tangan');
    expect(receiver.received.length - before).toBe(1);
    receiver.failNext(0);
  });

  it('refuses a wrong Merchant-Key (credentials, 502), an unknown document (404), a non-PDF upload (422), an unknown link and an unknown choice', async () => {
    const wrong = privyClient({ baseUrl: `${served.origin}/sandbox/privy/v3/merchant`, merchantKey: 'salah' });
    const credentials = await failure(wrong.send(document()));
    expect([credentials.kind, credentials.httpStatus]).toEqual(['credentials', 502]);
    expect((await failure(wrong.status('0123456789abcdef'))).kind).toBe('credentials');

    const unknown = await failure(client.status('0123456789abcdef0123'));
    expect([unknown.kind, unknown.httpStatus, unknown.message]).toEqual(['not-found', 404, 'Dokumen 0123456789abcdef0123 tidak ditemukan di Privy.']);

    const form = new FormData();
    form.set('documentTitle', 'Foto KTP');
    form.set('document', new Blob([Buffer.from('\x89PNG\r\n\x1a\n')], { type: 'image/png' }), 'ktp.png');
    form.set('recipients', '[]');
    const raw = await fetch(`${served.origin}/sandbox/privy/v3/merchant/document/upload`, { method: 'POST', headers: { 'Merchant-Key': MERCHANT_KEY }, body: form });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toEqual({
      code: 422,
      errors: [
        { field: 'document', messages: ['document must be a PDF file'] },
        { field: 'recipients', messages: ['recipients must list one Signer with a name and a valid email'] },
      ],
      message: 'Validation Failed',
    });

    const page = await fetch(`${served.origin}/sandbox/privy/sign/${'x'.repeat(43)}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Tautan penandatanganan ini tidak dikenal.');

    const { signingUrl } = await client.send(document());
    const odd = await press(signingUrl, 'mungkin');
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain('Pilihan tidak dikenal');
  });

  it('calls back only the installation\'s own callback: an upload naming another is refused (422), and a stored foreign URL is never called', async () => {
    clock.set(START);
    const stranger = await startCallbackReceiver();
    try {
      const foreign = await failure(client.send(document({ callbackUrl: `${stranger.origin}/curi` })));
      expect(foreign.httpStatus).toBeLessThan(500);
      expect(foreign.providerReason ?? foreign.message).toMatch(/callbackUrl/);

      // A row from before the rule, naming a stranger's URL: signing still calls back only ours.
      const sent = await client.send(document());
      await database.db.updateTable('sandbox_privy_documents' as never).set({ callback_url: `${stranger.origin}/curi` } as never).where('doc_token' as never, '=', sent.providerDocumentId as never).execute();
      const before = receiver.received.length;
      expect((await press(sent.signingUrl, 'tanda-tangan')).status).toBe(303);
      expect(receiver.received.length).toBe(before + 1);
      expect(stranger.received).toHaveLength(0);
    } finally {
      await stranger.close();
    }
  });

  it('reports an unreachable Privy as kind unreachable (503 for our API)', async () => {
    const down = privyClient({ baseUrl: `${await closedPortUrl()}/v3/merchant`, merchantKey: MERCHANT_KEY });
    const error = await failure(down.send(document()));
    expect([error.kind, error.httpStatus, error.message]).toEqual(['unreachable', 503, 'Privy tidak dapat dihubungi saat ini (pengiriman dokumen). Coba lagi beberapa saat lagi.']);
  });

  it('signatureFromConfig: without PRIVY_URL a sandbox reached in process, signing links under PUBLIC_URL, a callback secret kept in DATA_DIR', async () => {
    clock.set(START);
    const config = { privy: { url: undefined, merchantKey: undefined, callbackSecret: undefined }, publicUrl: 'http://berjangka.test/', dataDir: database.dataDir };
    const local = signatureFromConfig(config, { db: database.db, clock, appendSignaturePage, callbackFetch: fetch, callbackRetryDelaysMs: [] });
    expect(local.sandbox).toBeDefined();
    expect(local.sandboxPath).toBe('/sandbox/privy');
    const secretFile = join(database.dataDir, PRIVY_CALLBACK_SECRET_FILE);
    expect(existsSync(secretFile)).toBe(true);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(local.callbackSecret);
    expect(local.callbackSecret.length).toBeGreaterThanOrEqual(32);
    expect(signatureFromConfig(config, { db: database.db, clock, appendSignaturePage }).callbackSecret).toBe(local.callbackSecret);

    const sent = await local.client.send(document({ callbackUrl: `http://berjangka.test${PRIVY_CALLBACK_PATH}` }));
    expect(sent.signingUrl).toMatch(/^http:\/\/berjangka\.test\/sandbox\/privy\/sign\//);
    expect(await local.client.status(sent.providerDocumentId)).toEqual({ status: 'sent' });

    // Mounted, it shows the signer's pages only: the merchant API's key is published, so over
    // HTTP it uploads nothing and tells no status (our client reaches it in process).
    const mounted = await serveMounted(local.sandbox!, '/sandbox/privy');
    try {
      const signingPath = new URL(sent.signingUrl).pathname;
      expect((await fetch(`${mounted.origin}${signingPath}`)).status).toBe(200);
      const status = await fetch(`${mounted.origin}/sandbox/privy/v3/merchant/document/status/${sent.providerDocumentId}`, { headers: { 'Merchant-Key': SANDBOX_PRIVY_MERCHANT_KEY } });
      expect(status.status).toBe(404);
      const form = new FormData();
      form.set('documentTitle', 'Dokumen orang lain');
      form.set('document', new Blob([Buffer.from(tinyPdf())], { type: 'application/pdf' }), 'x.pdf');
      form.set('recipients', JSON.stringify([{ type: 'Signer', name: 'Penyerang', email: 'penyerang@example.test' }]));
      const upload = await fetch(`${mounted.origin}/sandbox/privy/v3/merchant/document/upload`, { method: 'POST', headers: { 'Merchant-Key': SANDBOX_PRIVY_MERCHANT_KEY }, body: form });
      expect(upload.status).toBe(404);
    } finally {
      await mounted.close();
    }

    const configured = signatureFromConfig({ ...config, privy: { url: undefined, merchantKey: undefined, callbackSecret: 'dari-lingkungan' } }, { db: database.db, clock, appendSignaturePage });
    expect(configured.callbackSecret).toBe('dari-lingkungan');

    const remote = signatureFromConfig(
      { ...config, privy: { url: `${served.origin}/sandbox/privy/v3/merchant`, merchantKey: MERCHANT_KEY, callbackSecret: SECRET } },
      { db: database.db, clock, appendSignaturePage },
    );
    expect(remote.sandbox).toBeUndefined();
    expect(remote.callbackSecret).toBe(SECRET);
    expect((await remote.client.send(document())).signingUrl).toContain(served.origin);
  });

  it('sends inside a request\'s database transaction (as under an Idempotency-Key): the in-process sandbox joins it instead of waiting for it', async () => {
    clock.set(START);
    const config = { privy: { url: undefined, merchantKey: undefined, callbackSecret: SECRET }, publicUrl: 'http://berjangka.test', dataDir: database.dataDir };
    const local = signatureFromConfig(config, { db: database.db, clock, appendSignaturePage, timeoutMs: 5000 });
    const id = await inAmbientTransaction(database.db, async () => {
      const sent = await local.client.send(document({ callbackUrl: `http://berjangka.test${PRIVY_CALLBACK_PATH}` }));
      expect((await local.client.status(sent.providerDocumentId)).status).toBe('sent');
      return sent.providerDocumentId;
    });
    expect((await local.client.status(id)).status).toBe('sent');
  });
});
