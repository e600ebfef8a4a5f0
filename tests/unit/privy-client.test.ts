import { describe, expect, it } from 'vitest';
import { checkSignatureRequest, parseStatusAnswer, privyClient, SignatureError, type SignatureRequest } from '../../server/signature/privy-client';

/** The Privy client's checks and its reading of Privy's answers, with a fetch that answers as told. */

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'));

function request(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    documentTitle: 'Formulir pembukaan deposito',
    fileName: 'formulir.pdf',
    bytes: PDF,
    mediaType: 'application/pdf',
    signer: { name: 'Budi Santoso', email: 'budi@example.test' },
    reference: 'sig-1',
    callbackUrl: 'https://bpr.example/api-v2-bpr/privy/callback',
    returnUrl: 'https://bpr.example/signature/privy',
    ...overrides,
  };
}

function thrown(work: () => unknown): SignatureError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureError);
    return error as SignatureError;
  }
  throw new Error('expected a SignatureError');
}

const answering = (status: number, body: unknown) =>
  privyClient({ baseUrl: 'https://privy.test/v3/merchant', merchantKey: 'k', fetch: async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }) });

describe('Privy client', () => {
  it('refuses, before sending, what Privy cannot take: not a PDF, too large, no signer email, relative URLs (400, Indonesian)', () => {
    expect(() => checkSignatureRequest(request())).not.toThrow();
    const error = thrown(() =>
      checkSignatureRequest(
        request({ bytes: new Uint8Array(Buffer.from('\x89PNG')), mediaType: 'image/png', signer: { name: ' ', email: 'budi' }, callbackUrl: '/privy/callback', reference: '' }),
      ),
    );
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe(
      'Permintaan tanda tangan tidak dapat dikirim ke Privy: Privy hanya menerima berkas PDF; nama penanda tangan wajib diisi; email penanda tangan tidak valid; referensi wajib diisi; alamat callback harus URL http(s).',
    );
    expect(thrown(() => checkSignatureRequest(request({ bytes: new Uint8Array(5 * 1024 * 1024 + 1) }))).message).toContain('berkas lebih dari 5 MB');
  });

  it('sends the document as multipart with the Merchant-Key header and reads docToken and urlDocument', async () => {
    let seen: { url: string; headers: Headers; form: FormData } | undefined;
    const client = privyClient({
      baseUrl: 'https://privy.test/v3/merchant/',
      merchantKey: 'merchant-123',
      fetch: async (url, init) => {
        seen = { url: String(url), headers: new Headers(init?.headers), form: init?.body as FormData };
        return new Response(JSON.stringify({ code: 201, data: { docToken: 'abcdef0123456789', urlDocument: 'https://sign.privy.test/doc/abc' }, message: 'ok' }), { status: 201 });
      },
    });
    expect(await client.send(request({ signer: { name: 'Budi Santoso', email: 'budi@example.test', phone: '0812' } }))).toEqual({
      providerDocumentId: 'abcdef0123456789',
      signingUrl: 'https://sign.privy.test/doc/abc',
    });
    expect(seen!.url).toBe('https://privy.test/v3/merchant/document/upload');
    expect(seen!.headers.get('merchant-key')).toBe('merchant-123');
    expect(seen!.form.get('documentTitle')).toBe('Formulir pembukaan deposito');
    expect(JSON.parse(String(seen!.form.get('recipients')))).toEqual([{ type: 'Signer', name: 'Budi Santoso', email: 'budi@example.test', phone: '0812' }]);
    const file = seen!.form.get('document') as File;
    expect(file.name).toBe('formulir.pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  it('maps Privy\'s refusals: 401 credentials (502), 422 refused (422) with Privy\'s reasons, 404 not-found, 5xx bad answer (502)', async () => {
    await expect(answering(401, { code: 401, errors: [], message: 'Unauthorized. Invalid Merchant-Key' }).send(request())).rejects.toMatchObject({
      kind: 'credentials',
      httpStatus: 502,
      message: 'Privy menolak kunci merchant Berjangka (periksa PRIVY_MERCHANT_KEY): Unauthorized. Invalid Merchant-Key.',
    });
    await expect(answering(422, { code: 422, errors: [{ field: 'document', messages: ['document must be a PDF file'] }], message: 'Validation Failed' }).send(request())).rejects.toMatchObject({
      kind: 'refused',
      httpStatus: 422,
      message: 'Privy menolak dokumen: document: document must be a PDF file.',
    });
    await expect(answering(404, { code: 404, errors: [], message: 'Document not found' }).status('abcdef0123456789')).rejects.toMatchObject({
      kind: 'not-found',
      httpStatus: 404,
      message: 'Dokumen abcdef0123456789 tidak ditemukan di Privy.',
    });
    await expect(answering(502, '<html>Bad gateway</html>').status('abcdef0123456789')).rejects.toMatchObject({ kind: 'bad-answer', httpStatus: 502 });
    // An error code in a 200's body wins.
    await expect(answering(200, { code: 401, message: 'Unauthorized' }).status('abcdef0123456789')).rejects.toMatchObject({ kind: 'credentials' });
    await expect(answering(201, { code: 201, data: { docToken: 'abc' } }).send(request())).rejects.toMatchObject({ kind: 'bad-answer' });
    await expect(privyClient({ baseUrl: 'https://privy.test', merchantKey: 'k', fetch: async () => Promise.reject(new TypeError('fetch failed')) }).send(request())).rejects.toMatchObject({
      kind: 'unreachable',
      httpStatus: 503,
    });
    await expect(answering(200, {}).status('../etc')).rejects.toMatchObject({ kind: 'invalid', httpStatus: 400 });
  });

  it('reads document statuses: in progress, completed (with signing time and download), declined by the signer, expired', () => {
    expect(parseStatusAnswer({ code: 200, data: { documentStatus: 'In Progress', recipients: [{ signatoryStatus: 'In Progress' }] } })).toEqual({ status: 'sent' });
    expect(
      parseStatusAnswer({
        code: 200,
        data: { documentStatus: 'Completed', recipients: [{ signatoryStatus: 'Completed', signedAt: '2026-03-02T10:15:00+07:00' }], download: { url: 'https://dl.privy.test/x.pdf', expiredAt: '…' } },
      }),
    ).toEqual({ status: 'signed', signedAt: '2026-03-02T03:15:00.000Z', downloadUrl: 'https://dl.privy.test/x.pdf' });
    expect(parseStatusAnswer({ data: { documentStatus: 'In Progress', recipients: [{ signatoryStatus: 'Rejected' }] } })).toEqual({ status: 'declined' });
    expect(parseStatusAnswer({ data: { documentStatus: 'Expired', recipients: [] } })).toEqual({ status: 'expired' });
    expect(thrown(() => parseStatusAnswer({ data: {} })).kind).toBe('bad-answer');
  });
});
