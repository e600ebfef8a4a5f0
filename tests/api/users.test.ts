import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUserSchema } from '../../contract/users';
import { DEMO_PASSWORD, dialects, resetTokenFromMail, startTestServer, type TestServer } from './harness';

/** API.md "Bank, users, settings": Pengguna (/bpr/users) and every user's own password (/profile/change-password). */

const API = '/api-v2-bpr';
let keys = 0;
const key = () => ({ 'idempotency-key': `pengguna-${(keys += 1)}-${Date.now()}` });

describe.each(dialects)('users of a bank on %s', (dialect) => {
  let t: TestServer;
  let admin: string;
  const call = (method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) => t.call(method, `${API}${path}`, options);
  const audit = (userId: string) => t.server.database.db.selectFrom('bank_audit').select(['event', 'payload', 'actor_id']).where('subject_id', '=', userId).orderBy('at').orderBy('event').execute();

  beforeAll(async () => {
    t = await startTestServer(dialect);
    admin = await t.login('admin@bpr-demo.test');
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('lists the bank\'s users only, filtered by name or email, role and status, in the contract shape', async () => {
    const all = await call('GET', '/bpr/users?limit=100', { token: admin });
    expect(all.status).toBe(200);
    const emails = all.body.data.map((user: { email: string }) => user.email);
    expect(emails).toContain('operator@bpr-demo.test');
    expect(emails).not.toContain('admin@bpr-lain.test');
    for (const user of all.body.data) staffUserSchema.parse(user);
    expect(all.body.data.find((user: { email: string }) => user.email === 'admin@bpr-demo.test')).toMatchObject({ self: true, role: 'ADMIN', roleLabel: 'Admin', active: true, passwordSet: true });

    const byName = await call('GET', '/bpr/users?q=supervisor', { token: admin });
    expect(byName.body.data.map((user: { email: string }) => user.email)).toEqual(['supervisor@bpr-demo.test']);
    const operators = await call('GET', '/bpr/users?role=OPERATOR', { token: admin });
    expect(operators.body.data.every((user: { role: string }) => user.role === 'OPERATOR')).toBe(true);
    expect((await call('GET', '/bpr/users?role=KASIR', { token: admin })).body.message).toContain('Peran harus Admin, Supervisor atau Operator.');
  });

  it('only an ADMIN manages users (403 in Indonesian)', async () => {
    const supervisor = await t.login('supervisor@bpr-demo.test');
    for (const [method, path, json] of [
      ['GET', '/bpr/users', undefined],
      ['POST', '/bpr/users', { name: 'Budi', email: 'budi@bpr-demo.test', role: 'OPERATOR' }],
    ] as const) {
      const answer = await call(method, path, { token: supervisor, ...(json ? { json, headers: key() } : {}) });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Hanya ADMIN yang dapat mengelola pengguna.');
    }
  });

  it('invites a user who sets a password from the mailed link and signs in; an email already used is 409; all audited', async () => {
    const invited = await call('POST', '/bpr/users', { token: admin, json: { name: 'Rina Kasir', email: 'Rina.Kasir@bpr-demo.test', role: 'OPERATOR' }, headers: key() });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({ name: 'Rina Kasir', email: 'rina.kasir@bpr-demo.test', role: 'OPERATOR', active: true, passwordSet: false, self: false });
    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('rina.kasir@bpr-demo.test');
    expect(mail).toContain('Operator BPR Demo Sejahtera');

    const taken = await call('POST', '/bpr/users', { token: admin, json: { name: 'Lain', email: 'operator@bpr-demo.test', role: 'OPERATOR' }, headers: key() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Email sudah dipakai pengguna lain di bank ini.');
    const bad = await call('POST', '/bpr/users', { token: admin, json: { name: '', email: 'bukan-email', role: 'KASIR' }, headers: key() });
    expect(bad.status).toBe(400);
    expect(bad.body.message.length).toBe(3);

    // Nobody can sign in before the password is set.
    expect((await call('POST', '/auth/login', { json: { email: 'rina.kasir@bpr-demo.test', password: DEMO_PASSWORD } })).status).toBe(401);
    const set = await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetTokenFromMail(mail), password: 'Kasir#Baru2026' }, headers: key() });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await t.login('rina.kasir@bpr-demo.test', 'Kasir#Baru2026')).toEqual(expect.any(String));
    const listed = await call('GET', '/bpr/users?q=rina', { token: admin });
    expect(listed.body.data[0]).toMatchObject({ passwordSet: true });
    expect(await audit(invited.body.data.id)).toMatchObject([{ event: 'user.invite' }]);
  });

  it('an email with an account at another bank is answered as any invitation (201, same shape): only its owner is told, by mail; no account is made', async () => {
    const fresh = await call('POST', '/bpr/users', { token: admin, json: { name: 'Baru Sekali', email: 'baru.sekali@bpr-demo.test', role: 'OPERATOR' }, headers: key() });
    const elsewhere = await call('POST', '/bpr/users', { token: admin, json: { name: 'Admin Lain', email: 'Admin@bpr-lain.test', role: 'OPERATOR' }, headers: key() });
    expect([fresh.status, elsewhere.status]).toEqual([201, 201]);
    const shape = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([field, value]) => [field, field === 'id' || field === 'createdAt' ? typeof value : value]));
    expect(shape(staffUserSchema.parse(elsewhere.body.data))).toEqual({ ...shape(staffUserSchema.parse(fresh.body.data)), name: 'Admin Lain', email: 'admin@bpr-lain.test' });
    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('admin@bpr-lain.test');
    expect(mail).toContain('sudah terdaftar pada akun Berjangka lain');
    expect(mail).not.toContain('reset-password');
    // The other bank's account is untouched: same bank, same password.
    const other = await t.call('POST', `${API}/auth/login`, { json: { email: 'admin@bpr-lain.test', password: DEMO_PASSWORD } });
    expect(other.status).toBe(200);
    expect(other.body.data.user ?? other.body.data).not.toMatchObject({ role: 'OPERATOR' });
    const users = await t.server.database.db.selectFrom('users').select(['bank_id']).where('email', '=', 'admin@bpr-lain.test').execute();
    expect(users).toHaveLength(1);
  });

  it('a deactivated user cannot use an invitation or reset link, nor ask for one', async () => {
    const invited = (await call('POST', '/bpr/users', { token: admin, json: { name: 'Eko Nonaktif', email: 'eko@bpr-demo.test', role: 'OPERATOR' }, headers: key() })).body.data;
    const invitation = resetTokenFromMail(t.outbox().at(-1)!);
    expect((await call('PATCH', `/bpr/users/${invited.id}`, { token: admin, json: { active: false }, headers: key() })).status).toBe(200);
    const refused = await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: invitation, password: 'Eko#Kuat2026' }, headers: key() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Akun Anda sudah dinonaktifkan. Hubungi ADMIN BPR Anda.');
    const row = await t.server.database.db.selectFrom('users').select(['password_set']).where('id', '=', invited.id).executeTakeFirstOrThrow();
    expect(row.password_set).toBe(0);

    // A reset link asked for while active, used after deactivation.
    const dina = (await call('POST', '/bpr/users', { token: admin, json: { name: 'Dina Nonaktif', email: 'dina@bpr-demo.test', role: 'OPERATOR' }, headers: key() })).body.data;
    await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetTokenFromMail(t.outbox().at(-1)!), password: 'Dina#Kuat2026' }, headers: key() });
    expect((await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'dina@bpr-demo.test', userLevel: 1 } })).status).toBe(200);
    const resetMail = t.outbox().at(-1)!;
    expect(resetMail).toContain('dina@bpr-demo.test');
    expect((await call('PATCH', `/bpr/users/${dina.id}`, { token: admin, json: { active: false }, headers: key() })).status).toBe(200);
    const reset = await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetTokenFromMail(resetMail), password: 'Dina#Lain2026x' }, headers: key() });
    expect(reset.status).toBe(403);
    // Deactivated, no new link is mailed (and the answer is the one every email gets).
    const mails = t.outbox().length;
    expect((await t.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'dina@bpr-demo.test', userLevel: 1 } })).status).toBe(200);
    expect(t.outbox().length).toBe(mails);
    // Reactivated, the old password still works: the refused link changed nothing.
    expect((await call('PATCH', `/bpr/users/${dina.id}`, { token: admin, json: { active: true }, headers: key() })).status).toBe(200);
    expect(await t.login('dina@bpr-demo.test', 'Dina#Kuat2026')).toEqual(expect.any(String));
  });

  it('deactivation ends the user\'s sessions at their next request; reactivation lets them sign in again', async () => {
    const invited = (await call('POST', '/bpr/users', { token: admin, json: { name: 'Dodi Operator', email: 'dodi@bpr-demo.test', role: 'OPERATOR' }, headers: key() })).body.data;
    await t.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetTokenFromMail(t.outbox().at(-1)!), password: 'Dodi#Kuat2026' }, headers: key() });
    const dodi = await t.login('dodi@bpr-demo.test', 'Dodi#Kuat2026');
    expect((await call('GET', '/profile/detail', { token: dodi })).status).toBe(200);

    const off = await call('PATCH', `/bpr/users/${invited.id}`, { token: admin, json: { active: false }, headers: key() });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.active).toBe(false);
    expect((await call('GET', '/profile/detail', { token: dodi })).status).toBe(401);
    const again = await call('POST', '/auth/login', { json: { email: 'dodi@bpr-demo.test', password: 'Dodi#Kuat2026' } });
    expect(again.status).toBe(403);

    expect((await call('PATCH', `/bpr/users/${invited.id}`, { token: admin, json: { active: true, role: 'SUPERVISOR' }, headers: key() })).body.data).toMatchObject({ active: true, role: 'SUPERVISOR' });
    expect(await t.login('dodi@bpr-demo.test', 'Dodi#Kuat2026')).toEqual(expect.any(String));
    // The test clock stands still: the rows share their time, so they are compared without order.
    const rows = (await audit(invited.id)).map((row) => [row.event, JSON.parse(row.payload), row.actor_id]);
    const adminId = (await call('GET', '/profile/detail', { token: admin })).body.data.id;
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['user.invite', { name: 'Dodi Operator', email: 'dodi@bpr-demo.test', role: 'OPERATOR' }, adminId],
        ['user.deactivate', {}, adminId],
        ['user.changeRole', { from: 'OPERATOR', to: 'SUPERVISOR' }, adminId],
        ['user.reactivate', {}, adminId],
      ]),
    );
  });

  it('keeps an active ADMIN: the last one cannot be demoted or deactivated (409), nor deactivate themself; another bank\'s user is 404', async () => {
    const other = await t.login('admin@bpr-lain.test');
    const list = await call('GET', '/bpr/users?limit=1', { token: other });
    const lastAdmin = list.body.data[0];
    expect(lastAdmin).toMatchObject({ role: 'ADMIN', self: true });
    const demote = await call('PATCH', `/bpr/users/${lastAdmin.id}`, { token: other, json: { role: 'SUPERVISOR' }, headers: key() });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('Admin aktif terakhir tidak dapat diturunkan atau dinonaktifkan.');
    const self = await call('PATCH', `/bpr/users/${lastAdmin.id}`, { token: other, json: { active: false }, headers: key() });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Anda tidak dapat menonaktifkan akun Anda sendiri.');

    // With a second admin, the first may step down.
    const second = (await call('POST', '/bpr/users', { token: other, json: { name: 'Admin Kedua', email: 'admin2@bpr-lain.test', role: 'ADMIN' }, headers: key() })).body.data;
    expect((await call('PATCH', `/bpr/users/${lastAdmin.id}`, { token: other, json: { role: 'SUPERVISOR' }, headers: key() })).status).toBe(200);
    // The role applies at the next request: no longer an admin.
    expect((await call('GET', '/bpr/users', { token: other })).status).toBe(403);
    // Another bank's user, from the demo bank's admin.
    expect((await call('PATCH', `/bpr/users/${second.id}`, { token: admin, json: { active: false }, headers: key() })).status).toBe(404);
    const nothing = await call('PATCH', `/bpr/users/${second.id}`, { token: admin, json: {}, headers: key() });
    expect(nothing.status).toBe(400);
  });

  it('every user changes their own password: the current one is required, other sessions end, this one goes on with the new token', async () => {
    const first = await t.login('supervisor@bpr-demo.test');
    const second = await t.login('supervisor@bpr-demo.test');
    const wrong = await call('POST', '/profile/change-password', { token: first, json: { currentPassword: 'salah', newPassword: 'Supervisor#Baru26' }, headers: key() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(['Kata sandi saat ini salah.']);
    const weak = await call('POST', '/profile/change-password', { token: first, json: { currentPassword: DEMO_PASSWORD, newPassword: 'pendek' }, headers: key() });
    expect(weak.status).toBe(400);
    const same = await call('POST', '/profile/change-password', { token: first, json: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, headers: key() });
    expect(same.body.message).toEqual(['Kata sandi baru harus berbeda dari kata sandi lama.']);

    const changed = await call('POST', '/profile/change-password', { token: first, json: { currentPassword: DEMO_PASSWORD, newPassword: 'Supervisor#Baru26' }, headers: key() });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.user).toMatchObject({ email: 'supervisor@bpr-demo.test' });
    const fresh = changed.body.data.token as string;
    expect((await call('GET', '/profile/detail', { token: fresh })).status).toBe(200);
    expect((await call('GET', '/profile/detail', { token: first })).status).toBe(401);
    expect((await call('GET', '/profile/detail', { token: second })).status).toBe(401);
    expect(await t.login('supervisor@bpr-demo.test', 'Supervisor#Baru26')).toEqual(expect.any(String));
    const me = (await call('GET', '/profile/detail', { token: fresh })).body.data.id;
    expect((await audit(me)).map((row) => row.event)).toContain('user.changePassword');
  });
});
