import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contract/auth';
import { blob, dialects, fakeFile, startTestServer, type TestServer } from './harness';

function logoForm(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('logo', blob(bytes, 'image/png'), name);
  return data;
}

describe.each(dialects)('profile on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('detail answers the token user in the contract User shape, scoped to their bank', async () => {
    const demo = await t.call('GET', '/api-v2-bpr/profile/detail', { token: await t.login('operator@bpr-demo.test') });
    const other = await t.call('GET', '/api-v2-bpr/profile/detail', { token: await t.login('admin@bpr-lain.test') });
    expect(demo.status).toBe(200);
    expect(userSchema.parse(demo.body.data)).toMatchObject({ email: 'operator@bpr-demo.test', role: 'OPERATOR', bpr: { name: 'BPR Demo Sejahtera' } });
    expect(userSchema.parse(other.body.data)).toMatchObject({ email: 'admin@bpr-lain.test', role: 'ADMIN', bpr: { name: 'BPR Lain Makmur' } });
    expect(demo.body.data.bpr.id).not.toBe(other.body.data.bpr.id);
  });

  it('detail without a token is 401', async () => {
    expect((await t.call('GET', '/api-v2-bpr/profile/detail')).status).toBe(401);
  });

  it('update changes only the sent fields of the token user', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const nothing = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: {} });
    expect(nothing.body.data).toMatchObject({ name: 'Supervisor Demo', phone: '081220260102' });
    const data = new FormData();
    data.append('name', 'Siti Supervisor');
    data.append('phone', '+62 812-1111-2222');
    const updated = await t.call('POST', '/api-v2-bpr/profile/update', { token, form: data });
    expect(updated.status).toBe(200);
    expect(userSchema.parse(updated.body.data)).toMatchObject({ name: 'Siti Supervisor', phone: '+6281211112222', email: 'supervisor@bpr-demo.test' });
    const onlyName = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'Siti S.' } });
    expect(onlyName.body.data).toMatchObject({ name: 'Siti S.', phone: '+6281211112222' });
    const admin = await t.call('GET', '/api-v2-bpr/profile/detail', { token: await t.login('admin@bpr-demo.test') });
    expect(admin.body.data.name).toBe('Admin Demo');
  });

  it('update honours an Idempotency-Key: a resent update is answered again without running again', async () => {
    const token = await t.login('operator@bpr-demo.test');
    const key = { 'idempotency-key': 'profil-operator-1' };
    const first = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'Operator Pagi' }, headers: key });
    expect(first.status).toBe(200);
    expect((await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'Operator Siang' } })).status).toBe(200);
    const resent = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'Operator Pagi' }, headers: key });
    expect(resent.headers.get('idempotent-replayed')).toBe('true');
    expect(resent.body).toEqual(first.body);
    // Not run again: the later change stands.
    expect((await t.call('GET', '/api-v2-bpr/profile/detail', { token })).body.data.name).toBe('Operator Siang');
    const other = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: 'Operator Malam' }, headers: key });
    expect(other.status).toBe(422);
  });

  it('update validates in Indonesian', async () => {
    const token = await t.login('supervisor@bpr-demo.test');
    const result = await t.call('POST', '/api-v2-bpr/profile/update', { token, json: { name: ' ', phone: '12' } });
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Nama wajib diisi.', 'Nomor telepon tidak valid; gunakan angka, contoh 081234567890.']);
  });

  it('an ADMIN uploads a PNG logo; logo and detail answer a same-origin URL that serves it', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const png = fakeFile('png', 2048);
    const updated = await t.call('POST', '/api-v2-bpr/profile/update', { token, form: logoForm(png, 'logo.png') });
    expect(updated.status).toBe(200);
    const url = updated.body.data.bpr.logoUrl as string;
    expect(url).toMatch(/^\/api-v2-bpr\/profile\/logo\/[0-9a-f-]{36}$/);
    const logo = await t.call('GET', '/api-v2-bpr/profile/logo', { token: await t.login('operator@bpr-demo.test') });
    expect(logo.body).toEqual({ statusCode: 200, message: 'OK', data: { url } });
    const image = await fetch(`${t.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // Served as a sandboxed attachment that is never sniffed (an <img> still shows it).
    expect(image.headers.get('content-disposition')).toMatch(/^attachment; filename="logo-[0-9a-f-]{36}\.png"$/);
    expect(image.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    const lain = await t.call('GET', '/api-v2-bpr/profile/logo', { token: await t.login('admin@bpr-lain.test') });
    expect(lain.body.data.url).toBeNull();
  });

  it('refuses a PNG header followed by HTML: the structure is checked, not only the first bytes', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const disguised = new Uint8Array(Buffer.concat([Buffer.from(fakeFile('png', 100).subarray(0, 33)), Buffer.from('<html><script>alert(1)</script></html>')]));
    const result = await t.call('POST', '/api-v2-bpr/profile/update', { token, form: logoForm(disguised, 'logo.png') });
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Logo "logo.png" rusak atau bukan berkas PNG yang utuh.']);
  });

  it('refuses a logo from a non-ADMIN with 403', async () => {
    const result = await t.call('POST', '/api-v2-bpr/profile/update', { token: await t.login('operator@bpr-demo.test'), form: logoForm(fakeFile('png'), 'logo.png') });
    expect(result.status).toBe(403);
    expect(result.body.message).toBe('Hanya admin yang dapat mengganti logo bank.');
  });

  it('refuses a logo that is not PNG or JPEG by its bytes, or is over 1 MB, and changes nothing', async () => {
    const token = await t.login('admin@bpr-demo.test');
    const before = (await t.call('GET', '/api-v2-bpr/profile/logo', { token })).body.data.url;
    const pdf = await t.call('POST', '/api-v2-bpr/profile/update', { token, form: logoForm(fakeFile('pdf'), 'logo.png', { name: 'Tidak Berubah' }) });
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toEqual(['Logo "logo.png" harus berupa berkas PNG atau JPEG.']);
    const big = await t.call('POST', '/api-v2-bpr/profile/update', { token, form: logoForm(fakeFile('jpeg', 1024 * 1024 + 1), 'besar.jpg') });
    expect(big.status).toBe(400);
    expect(big.body.message).toEqual(['Logo "besar.jpg" melebihi ukuran maksimal 1 MB.']);
    const after = await t.call('GET', '/api-v2-bpr/profile/detail', { token });
    expect(after.body.data.bpr.logoUrl).toBe(before);
    expect(after.body.data.name).toBe('Admin Demo');
  });

  it('answers an unknown logo id with the 404 envelope', async () => {
    const result = await t.call('GET', `/api-v2-bpr/profile/logo/${crypto.randomUUID()}`);
    expect(result.status).toBe(404);
    expect(result.body.error).toBe('Not Found');
  });
});
