import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiBases } from '@contract/bases';
import {
  ABORTED_MESSAGE,
  buildRegistrationForm,
  createApiClients,
  createAuthApi,
  NETWORK_MESSAGE,
  SERVER_MESSAGE,
  TIMEOUT_MESSAGE,
  type ApiClientOptions,
} from '@src/lib/api-client';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];
const hanging = new Set<ServerResponse>();
/** Emits 'held' when the server starts holding a request to /slow. */
const holding = new EventEmitter();
/** Resolves once the server holds a request (at once when it already does). */
const serverHoldsRequest = async () => {
  if (hanging.size === 0) await once(holding, 'held');
};

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = req.url ?? '/';
  seen.push({
    method: req.method ?? 'GET',
    url,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    body: Buffer.concat(chunks),
  });
  if (url.endsWith('/slow')) {
    hanging.add(res);
    holding.emit('held');
    return;
  }
  if (url.endsWith('/unauthorized')) return send(res, 401, { statusCode: 401, message: 'Sesi tidak valid.', error: 'Unauthorized' });
  if (url.endsWith('/invalid')) {
    return send(res, 400, { statusCode: 400, message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'], error: 'Bad Request' });
  }
  if (url.endsWith('/bad-gateway')) return send(res, 502, '<html>Bad Gateway</html>', 'text/html');
  if (url === '/api-v2-bpr/auth/login') {
    const { password } = JSON.parse(Buffer.concat(chunks).toString()) as { password: string };
    if (password === 'expired') {
      return send(res, 403, {
        statusCode: 403,
        message: 'Kata sandi telah kedaluwarsa.',
        error: 'PasswordExpired',
        data: { changePasswordToken: 'change-123' },
      });
    }
    return send(res, 200, { statusCode: 200, message: 'OK', data: { token: 'tok', user: { id: 'u-1' } } });
  }
  if (url === '/api-v2-bpr/profile/detail') return send(res, 200, { statusCode: 200, message: 'OK', data: { id: 'u-1', name: 'Siti' } });
  if (url === '/api-v2-bpr/profile/logo') return send(res, 200, { statusCode: 200, message: 'OK', data: { url: '/files/logo.png' } });
  return send(res, 200, { statusCode: 200, message: 'OK', data: { echoed: url } });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
  for (const res of hanging) res.destroy();
  hanging.clear();
  vi.useRealTimers();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const clients = (options: Partial<ApiClientOptions> = {}) => createApiClients({ origin, readToken: () => 'the-token', ...options });

describe('one client per base', () => {
  it('sends each request under its base path', async () => {
    const api = clients();
    await api.v1('/deposito/all-product');
    await api.v2('/auth/x');
    await api.v2Bpr('/invoice/all-deposito', { query: { page: 2 } });
    await api.v2General('/geography');
    expect(seen.map((request) => request.url)).toEqual([
      '/api-v1/deposito/all-product',
      '/api-v2/auth/x',
      '/api-v2-bpr/invoice/all-deposito?page=2',
      '/api-v2-general/geography',
    ]);
  });

  it('sends the raw token on /api-v1 and "Bearer <token>" on the v2 bases', async () => {
    const api = clients();
    await api.v1('/a');
    await api.v2('/a');
    await api.v2Bpr('/a');
    await api.v2General('/a');
    expect(seen.map((request) => request.authorization)).toEqual(['the-token', 'Bearer the-token', 'Bearer the-token', 'Bearer the-token']);
  });

  it('reads the token at request time and sends no authorization without one', async () => {
    let token: string | null = null;
    const api = clients({ readToken: () => token });
    await api.v2Bpr('/a');
    token = 'later-token';
    await api.v2Bpr('/a');
    expect(seen.map((request) => request.authorization)).toEqual([undefined, 'Bearer later-token']);
  });

  it('lets a call bring its own authorization', async () => {
    await clients().v2Bpr('/a', { headers: { authorization: 'Bearer other' } });
    expect(seen[0]?.authorization).toBe('Bearer other');
  });

  it('honours overridden base paths', async () => {
    await clients({ basePaths: { v2General: '/api-v2-general-next' } }).v2General('/settings');
    expect(seen[0]?.url).toBe('/api-v2-general-next/settings');
  });
});

describe('failures reject with the server error envelope', () => {
  it('surfaces the error body as the server sent it', async () => {
    await expect(clients().v2Bpr('/unauthorized')).rejects.toEqual({ statusCode: 401, message: 'Sesi tidak valid.', error: 'Unauthorized' });
    await expect(clients().v2Bpr('/invalid', { method: 'POST', body: {} })).rejects.toEqual({
      statusCode: 400,
      message: ['Email wajib diisi.', 'Kata sandi wajib diisi.'],
      error: 'Bad Request',
    });
  });

  it('builds an Indonesian envelope when the answer is not one', async () => {
    await expect(clients().v2('/bad-gateway')).rejects.toEqual({ statusCode: 502, message: SERVER_MESSAGE, error: 'Bad Gateway' });
  });

  it('reports a network failure with statusCode 0', async () => {
    const unreachable = createApiClients({ origin: 'http://127.0.0.1:9', readToken: () => null });
    await expect(unreachable.v1('/a')).rejects.toEqual({ statusCode: 0, message: NETWORK_MESSAGE, error: 'NetworkError' });
  });
});

describe('timeouts', () => {
  it('aborts a request to a slow endpoint after the configured time, without retrying', async () => {
    const api = clients({ timeouts: { v2Bpr: 300 } });
    const started = performance.now();
    await expect(api.v2Bpr('/slow')).rejects.toEqual({ statusCode: 0, message: TIMEOUT_MESSAGE, error: 'Timeout' });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2_000);
    expect(seen).toHaveLength(1);
  });

  it('keeps waiting while under the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = clients({ timeouts: { v1: 1_000 } });
    let outcome: unknown = 'pending';
    const request = api.v1('/slow').catch((failure: unknown) => (outcome = failure));
    await serverHoldsRequest();
    await vi.advanceTimersByTimeAsync(999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(outcome).toMatchObject({ error: 'Timeout' });
  });

  it('still times out when the caller brings its own abort signal, and can be cancelled by it', async () => {
    const api = clients({ timeouts: { v2General: 300 } });
    const started = performance.now();
    await expect(api.v2General('/slow', { signal: new AbortController().signal })).rejects.toMatchObject({ error: 'Timeout' });
    expect(performance.now() - started).toBeLessThan(2_000);

    const controller = new AbortController();
    const cancelled = api.v2General('/slow', { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toEqual({ statusCode: 0, message: ABORTED_MESSAGE, error: 'Aborted' });
  });

  it('defaults to 15 s on api-v1, api-v2 and api-v2-general and 40 s on api-v2-bpr', async () => {
    expect(Object.fromEntries(Object.entries(apiBases).map(([name, base]) => [name, base.timeoutMs]))).toEqual({
      v1: 15_000,
      v2: 15_000,
      v2Bpr: 40_000,
      v2General: 15_000,
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = clients();
    for (const [name, expected] of [['v1', 15_000], ['v2', 15_000], ['v2General', 15_000], ['v2Bpr', 40_000]] as const) {
      let outcome: unknown = 'pending';
      const request = api[name]('/slow').catch((failure: unknown) => (outcome = failure));
      await serverHoldsRequest();
      await vi.advanceTimersByTimeAsync(expected - 1);
      expect(outcome, `${name} still waiting at ${expected - 1} ms`).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await request;
      expect(outcome, `${name} aborted at ${expected} ms`).toMatchObject({ error: 'Timeout' });
      for (const res of hanging) res.destroy();
      hanging.clear();
    }
  });
});

describe('buildRegistrationForm: only fields that have a value', () => {
  it('leaves out empty, blank, missing and empty-file fields', () => {
    const ktp = new File(['%PDF-1.4 ktp'], 'ktp.pdf', { type: 'application/pdf' });
    const form = buildRegistrationForm({
      bankName: 'BPR Maju Jaya',
      licenseNumber: '',
      npwp: '   ',
      address: null,
      contactName: undefined,
      employees: 12,
      notANumber: Number.NaN,
      agreed: false,
      deedDocument: new File([], ''),
      ktpDocument: ktp,
    });
    expect([...form.keys()]).toEqual(['bankName', 'employees', 'agreed', 'ktpDocument']);
    expect(form.get('bankName')).toBe('BPR Maju Jaya');
    expect(form.get('employees')).toBe('12');
    expect(form.get('agreed')).toBe('false');
    expect((form.get('ktpDocument') as File).name).toBe('ktp.pdf');
  });

  it('appends each filled file of a list under the same name', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    const form = buildRegistrationForm({ documents: [a, new File([], ''), b] });
    expect(form.getAll('documents').map((entry) => (entry as File).name)).toEqual(['a.png', 'b.png']);
  });

  it('is empty when nothing is filled', () => {
    expect([...buildRegistrationForm({ a: '', b: null }).keys()]).toEqual([]);
  });
});

describe('auth and profile calls', () => {
  const auth = () => createAuthApi(clients());

  it('login posts email and password to /api-v2-bpr and returns the whole body', async () => {
    const body = await auth().login({ email: 'admin@bpr-demo.test', password: 'Berjangka#2026' });
    expect(body).toEqual({ statusCode: 200, message: 'OK', data: { token: 'tok', user: { id: 'u-1' } } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api-v2-bpr/auth/login' });
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ email: 'admin@bpr-demo.test', password: 'Berjangka#2026' });
  });

  it('login rejects with the PasswordExpired body carrying the change token', async () => {
    await expect(auth().login({ email: 'kedaluwarsa@bpr-demo.test', password: 'expired' })).rejects.toMatchObject({
      statusCode: 403,
      error: 'PasswordExpired',
      data: { changePasswordToken: 'change-123' },
    });
  });

  it('changeExpiredPassword sends the change token as Bearer, not the stored token', async () => {
    await auth().changeExpiredPassword({ email: 'a@b.test', newPassword: 'Baru#2026xx', changePasswordToken: 'change-123' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api-v2-bpr/auth/change-expired-password', authorization: 'Bearer change-123' });
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ email: 'a@b.test', newPassword: 'Baru#2026xx' });
  });

  it('sendForgotPassword posts email with userLevel 1 to /api-v2', async () => {
    await auth().sendForgotPassword('admin@bpr-demo.test');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api-v2/auth/send-forgot-password' });
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ email: 'admin@bpr-demo.test', userLevel: 1 });
  });

  it('forgotPassword posts the new password and the reset token to /api-v2', async () => {
    await auth().forgotPassword({ password: 'Baru#2026xx', tokenForgotPassword: 'reset-1' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api-v2/auth/forgot-password' });
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ password: 'Baru#2026xx', tokenForgotPassword: 'reset-1' });
  });

  it('registration posts multipart form data of the filled fields only', async () => {
    await auth().registration({ bankName: 'BPR Maju Jaya', npwp: '', doc: new File(['%PDF'], 'akta.pdf', { type: 'application/pdf' }) });
    const request = seen[0]!;
    expect(request).toMatchObject({ method: 'POST', url: '/api-v2-bpr/auth/registration' });
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const received = await new Response(new Uint8Array(request.body), { headers: { 'content-type': request.contentType! } }).formData();
    expect([...received.keys()]).toEqual(['bankName', 'doc']);
    expect(received.get('bankName')).toBe('BPR Maju Jaya');
  });

  it('profile calls read the data field', async () => {
    await expect(auth().profileDetail()).resolves.toEqual({ id: 'u-1', name: 'Siti' });
    await expect(auth().profileLogo()).resolves.toEqual({ url: '/files/logo.png' });
    await auth().profileUpdate({ name: 'Siti R', phone: '' });
    await auth().logout();
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api-v2-bpr/profile/detail',
      'GET /api-v2-bpr/profile/logo',
      'POST /api-v2-bpr/profile/update',
      'POST /api-v2-bpr/auth/logout',
    ]);
  });
});
