import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationCreatedSchema } from '../../contract/registration';
import { DEMO_PASSWORD, TestClock, blob, dialects, fakeFile, resetTokenFromMail, startTestServer, type TestServer } from './harness';
import { partnerClient, TEST_PARTNER_PRIVATE_KEY } from './support/partner-client';
import { bundledEntry } from '../support/bundled-entry';

const FIELDS = {
  bankName: 'BPR Baru Sentosa',
  ojkLicenseNumber: 'KEP-123/D.03/2020',
  npwp: '01.234.567.8-901.000',
  address: 'Jl. Pemuda No. 5, Solo',
  contactName: 'Sri Wahyuni',
  email: 'Sri@bpr-baru.test',
  phone: '0812-3456-7890',
};

let registrations = 0;
/** Another email and NPWP: a second pending registration with the same ones is refused. */
function unique(): { email: string; npwp: string } {
  registrations += 1;
  return { email: `kontak-${registrations}@bpr-baru.test`, npwp: `01.234.567.8-902.${String(registrations).padStart(3, '0')}` };
}

function form(fields: Record<string, string>, files: Array<{ bytes: Uint8Array; name: string; type?: string }>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('documents', blob(file.bytes, file.type ?? 'application/pdf'), file.name);
  return data;
}

describe.each(dialects)('registration on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    // One proxy trusted: each call names its client, so the per-client limit is tested on its own.
    t = await startTestServer(dialect, { config: { trustedProxyHops: 1 } as never });
  });
  afterAll(async () => {
    await t?.stop();
  });

  let clients = 0;
  const register = (data: FormData, headers: Record<string, string> = {}) =>
    t.call('POST', '/api-v2-bpr/auth/registration', { form: data, headers: { 'x-forwarded-for': `10.1.0.${(clients += 1)}`, ...headers } });

  it('refuses a second pending registration with the same email or NPWP, and accepts one again once decided', async () => {
    const fields = { ...FIELDS, ...unique() };
    const first = await register(form(fields, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    expect(first.status).toBe(201);
    const sameEmail = await register(form({ ...fields, email: fields.email.toUpperCase(), npwp: '02.111.222.3-444.000' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Pendaftaran dengan email ini masih menunggu peninjauan. Tunggu kabar dari kami melalui email tersebut.');
    const sameNpwp = await register(form({ ...fields, email: 'lain@bpr-baru.test', npwp: fields.npwp.replace(/\./g, '') }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    expect(sameNpwp.status).toBe(409);
    expect(sameNpwp.body.message).toBe('Pendaftaran dengan NPWP ini masih menunggu peninjauan. Tunggu kabar dari kami melalui email pendaftar.');
    expect((await t.server.services.registration.list('PENDING')).filter((row) => row.email === fields.email)).toHaveLength(1);

    await t.server.services.registration.reject(first.body.data.id);
    expect((await register(form(fields, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]))).status).toBe(201);
  });

  it('takes ten registrations an hour from one client, then asks it to wait; other clients go on', async () => {
    const client = { 'x-forwarded-for': '10.2.0.1' };
    for (let i = 0; i < 10; i += 1) {
      // Valid or not, every attempt counts.
      const fields = i % 2 === 0 ? { ...FIELDS, ...unique() } : { bankName: 'BPR Setengah' };
      expect((await register(form(fields, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), client)).status).toBe(i % 2 === 0 ? 201 : 400);
    }
    const refused = await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), client);
    expect(refused.status).toBe(429);
    // 02:00 UTC + 1 hour is 10.00 WIB.
    expect(refused.body.message).toBe('Terlalu banyak pendaftaran dari alamat ini. Silakan coba lagi dalam 60 menit (pukul 10.00 WIB).');
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect((await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), { 'x-forwarded-for': '10.2.0.2' })).status).toBe(201);
  });

  it('honours an Idempotency-Key: a resent form is answered again without a second registration; another form with the key is refused', async () => {
    const fields = { ...FIELDS, ...unique() };
    const key = { 'idempotency-key': `daftar-${fields.email}` };
    const first = await register(form(fields, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), key);
    expect(first.status).toBe(201);
    const again = await register(form(fields, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await t.server.services.registration.list('PENDING')).filter((row) => row.email === fields.email)).toHaveLength(1);
    const other = await register(form({ ...fields, bankName: 'BPR Lain Lagi' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('Idempotency-Key ini sudah dipakai untuk permintaan lain. Muat ulang halaman lalu kirim lagi; jika masih gagal, hubungi dukungan.');
  });

  it('stores a complete registration as pending and answers 201', async () => {
    const result = await register(form(FIELDS, [{ bytes: fakeFile('pdf'), name: 'izin-ojk.pdf' }, { bytes: fakeFile('jpeg'), name: 'npwp.jpg', type: 'image/jpeg' }]));
    expect(result.status).toBe(201);
    expect(result.body.statusCode).toBe(201);
    const created = registrationCreatedSchema.parse(result.body.data);
    expect(created).toMatchObject({ status: 'PENDING', documentCount: 2 });
    const pending = await t.server.services.registration.list('PENDING');
    expect(pending.find((row) => row.id === created.id)).toMatchObject({ email: 'sri@bpr-baru.test', npwp: '012345678901000', phone: '081234567890' });
  });

  it('names every missing required field in Indonesian (only filled fields are sent)', async () => {
    const result = await register(form({ bankName: 'BPR Setengah', email: 'x@bpr.test' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Nomor izin OJK wajib diisi.', 'NPWP wajib diisi.', 'Alamat wajib diisi.', 'Nama kontak wajib diisi.', 'Nomor telepon wajib diisi.']);
  });

  it('checks formats and asks for at least one document', async () => {
    const result = await register(form({ ...FIELDS, ...unique(), email: 'bukan-email', npwp: '123', phone: 'telepon' }, []));
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual([
      'NPWP harus terdiri dari 15 atau 16 angka.',
      'Email tidak valid.',
      'Nomor telepon tidak valid; gunakan angka, contoh 081234567890.',
      'Dokumen pendukung wajib dilampirkan (PDF, JPEG atau PNG).',
    ]);
  });

  it('judges a document by its bytes, not its name or declared type', async () => {
    const result = await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('text'), name: 'palsu.pdf', type: 'application/pdf' }, { bytes: fakeFile('gif'), name: 'logo.png', type: 'image/png' }]));
    expect(result.status).toBe(400);
    expect(result.body.message).toEqual(['Dokumen "palsu.pdf" harus berupa berkas PDF, JPEG atau PNG.', 'Dokumen "logo.png" harus berupa berkas PDF, JPEG atau PNG.']);
    const png = await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('png'), name: 'scan', type: 'application/octet-stream' }]));
    expect(png.status).toBe(201);
  });

  it('refuses a document over 5 MB and accepts one of exactly 5 MB', async () => {
    const tooBig = await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('pdf', 5 * 1024 * 1024 + 1), name: 'besar.pdf' }]));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toEqual(['Dokumen "besar.pdf" melebihi ukuran maksimal 5 MB.']);
    expect((await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('pdf', 5 * 1024 * 1024), name: 'pas.pdf' }]))).status).toBe(201);
  });

  it('answers a request body over the limit with 413 in Indonesian', async () => {
    const result = await register(form({ ...FIELDS, ...unique() }, [{ bytes: fakeFile('pdf', 13 * 1024 * 1024), name: 'raksasa.pdf' }]));
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ statusCode: 413, message: 'Ukuran data yang dikirim terlalu besar (maksimal 12 MB).', error: 'Payload Too Large' });
  });

  it('approval creates the bank and its ADMIN, who sets a password through the mailed link', async () => {
    const created = await register(form({ ...FIELDS, ...unique(), email: 'admin@bpr-disetujui.test', bankName: 'BPR Disetujui' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    const approved = await t.server.services.registration.approve(created.body.data.id);
    expect(approved.email).toBe('admin@bpr-disetujui.test');
    await expect(t.server.services.registration.approve(created.body.data.id)).rejects.toThrow(/sudah diputuskan/);

    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('To: admin@bpr-disetujui.test');
    const reset = await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetTokenFromMail(mail), password: 'Disetujui#2026' } });
    expect(reset.status).toBe(200);
    const token = await t.login('admin@bpr-disetujui.test', 'Disetujui#2026');
    const profile = await t.call('GET', '/api-v2-bpr/profile/detail', { token });
    expect(profile.body.data).toMatchObject({ role: 'ADMIN', name: 'Sri Wahyuni', bpr: { name: 'BPR Disetujui' } });
  });

  it('does not approve a registration whose email already has an account', async () => {
    const created = await register(form({ ...FIELDS, ...unique(), email: 'admin@bpr-demo.test' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]));
    await expect(t.server.services.registration.approve(created.body.data.id)).rejects.toThrow(/sudah dipakai/);
  });
});

describe('npm run admin (sqlite)', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The CLI runs on the real clock (and forgets throttles two days old at its start): so does this server.
    t = await startTestServer('sqlite', { clock: new TestClock(new Date().toISOString()) });
  });
  afterAll(async () => {
    await t?.stop();
  });

  const admin = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, [await bundledEntry('server/cli/admin.ts'), ...args], {
      env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '', PUBLIC_URL: 'http://berjangka.test', LOG_LEVEL: 'warn' },
    });
    return stdout;
  };

  it('lists pending registrations and approves one, mailing a set-password link', async () => {
    const data = form({ ...FIELDS, ...unique(), email: 'cli@bpr-cli.test', bankName: 'BPR Lewat CLI' }, [{ bytes: fakeFile('pdf'), name: 'a.pdf' }]);
    const id = (await t.call('POST', '/api-v2-bpr/auth/registration', { form: data })).body.data.id as string;
    const listing = await admin('registrations');
    expect(listing).toContain(id);
    expect(listing).toContain('BPR Lewat CLI');
    const approval = await admin('approve', id);
    expect(approval).toContain('Disetujui');
    expect(approval).toContain('http://berjangka.test/reset-password?token=');
    expect(await admin('registrations')).not.toContain(id);
    expect(t.outbox().at(-1)).toContain('To: cli@bpr-cli.test');
  }, 30_000);

  it('create-bank: creates a bank and its ADMIN without the public registration (the first bank in production), mailing a set-password link; refuses a missing field or a used email', async () => {
    const created = await admin('create-bank', '--name=BPR Pertama Produksi', '--email=Admin@BPR-Pertama.test', '--contact=Rina Admin', '--phone=0227001234');
    expect(created).toMatch(/^Bank [0-9a-f-]{36} \(BPR Pertama Produksi\) dibuat dengan admin admin@bpr-pertama\.test/);
    const link = /http:\/\/berjangka\.test\/reset-password\?token=\S+/.exec(created)?.[0];
    expect(link).toBeDefined();
    const bankId = /^Bank ([0-9a-f-]{36})/.exec(created)![1]!;
    expect(await t.server.database.db.selectFrom('banks').select('name').where('id', '=', bankId).executeTakeFirstOrThrow()).toEqual({ name: 'BPR Pertama Produksi' });
    expect(await t.server.database.db.selectFrom('users').select(['role', 'name', 'phone', 'password_set']).where('email', '=', 'admin@bpr-pertama.test').executeTakeFirstOrThrow()).toEqual({ role: 'ADMIN', name: 'Rina Admin', phone: '0227001234', password_set: 0 });
    expect(t.outbox().at(-1)).toContain('To: admin@bpr-pertama.test');

    // The link sets the password, and the admin logs in to the new bank.
    const token = new URL(link!).searchParams.get('token')!;
    expect((await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: token, password: 'Pertama#Produksi2026' } })).status).toBe(200);
    const login = await t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'admin@bpr-pertama.test', password: 'Pertama#Produksi2026' } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ role: 'ADMIN', bpr: { name: 'BPR Pertama Produksi' } });

    const refused = (...args: string[]) => admin(...args).then(() => '', (error: { code?: number; stderr?: string }) => `${error.code}: ${error.stderr}`);
    expect(await refused('create-bank', '--name=BPR Lain', '--email=admin@bpr-pertama.test', '--contact=Budi')).toMatch(/^1: Email admin@bpr-pertama\.test sudah dipakai oleh pengguna lain\./);
    expect(await refused('create-bank', '--name=BPR Lain', '--contact=Budi')).toMatch(/^1: Nama bank, email dan nama admin wajib diisi\./);
    expect(await refused('create-bank', '--name=BPR Lain', '--email=bukan-email', '--contact=Budi')).toMatch(/^1: Email admin tidak valid\./);
  }, 240_000); // four CLI processes, each loading the server

  it('partner create / allow / list: the client key and secret printed once, which then get an access token from the server; a bank named that does not exist is refused', async () => {
    const created = await admin('partner', 'create', 'MITRA-CLI', 'PT', 'Mitra', 'Lewat', 'CLI', '--public-key', 'tests/support/snap/test-partner-public.pem', '--fee-bps', '45');
    const clientKey = /Client key {4}: (\S+)/.exec(created)?.[1];
    const clientSecret = /Client secret : (\S+)/.exec(created)?.[1];
    expect(clientKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bankId = (await t.server.database.db.selectFrom('banks').select('id').orderBy('name').executeTakeFirstOrThrow()).id;
    expect(await admin('partner', 'allow', 'MITRA-CLI', bankId)).toContain(`Mitra MITRA-CLI boleh menempatkan deposito di`);
    const listing = await admin('partner', 'list');
    expect(listing).toContain(`MITRA-CLI  PT Mitra Lewat CLI  client key ${clientKey}`);
    expect(listing).toContain(bankId);
    expect(listing).not.toContain(clientSecret);
    const partner = partnerClient(t.url, { clientKey: clientKey!, clientSecret: clientSecret!, privateKeyPem: TEST_PARTNER_PRIVATE_KEY }, () => new Date());
    const token = await partner.accessToken();
    expect([token.status, token.body.responseCode]).toEqual([200, '2007300']);
    const missing = await partner.call('GET', '/v1.0/deposito/TIDAK-ADA', token.body.accessToken);
    expect([missing.status, missing.body.responseCode]).toEqual([404, '4049201']);
    await expect(admin('partner', 'allow', 'MITRA-CLI', 'bank-tidak-ada')).rejects.toThrow(/Bank bank-tidak-ada tidak ditemukan\./);
  }, 30_000);

  it('unlocks the login of an account blocked by failed logins', async () => {
    const attempt = (password: string) => t.call('POST', '/api-v2-bpr/auth/login', { json: { email: 'operator@bpr-demo.test', password } });
    for (let i = 0; i < 6; i += 1) await attempt('Salah#Sekali99');
    expect((await attempt(DEMO_PASSWORD)).status).toBe(429);
    expect(await admin('unlock', 'Operator@BPR-demo.test')).toContain('Blokir login Operator@BPR-demo.test dibuka');
    expect((await attempt(DEMO_PASSWORD)).status).toBe(200);
    expect(await admin('unlock', 'operator@bpr-demo.test')).toContain('Tidak ada blokir login');
  }, 30_000);
});
