import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDailyReport, type DailyJobReport } from '../../server/jobs/daily';
import type { FileStoreConfig } from '../../server/platform/config';
import { readOutbox } from '../../server/platform/mail';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { failWithoutPostgres } from '../support/postgres';
import { API, startWorld, type World } from './deposit-fixtures';
import { DEMO_PASSWORD, blob, fakeFile, resetTokenFromMail } from './harness';
import { startInstance, type Instance } from './support/instance-process';

/**
 * Several instances on one PostgreSQL (README "Running several instances"): two real server
 * processes, each with its own DATA_DIR and configured from its environment as `npm start` is,
 * share one PostgreSQL schema, one JWT_SECRET and FILE_STORE=database (or s3). A file uploaded
 * through one is served by the other; a session ended on one is refused by the other; a throttle
 * counts the attempts made on both; the daily job, run by both, posts once.
 *
 * It needs PostgreSQL — several instances on one SQLite file are not a deployment Berjangka
 * offers (SQLite is one machine, one instance), and the daily job's exclusivity rests on
 * PostgreSQL's advisory locks — so without TEST_DATABASE_URL it fails, saying so, rather than
 * pass on something else. CI always sets it (.ci/run installs and starts PostgreSQL 15).
 */

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const JWT_SECRET = 'multi-instance-test-secret-0123456789abcdef0123456789';
const TODAY = '2026-03-02';
const NOW = `${TODAY}T02:00:00.000Z`;

/** Two instances (and the in-process server that made the test's bank) on one PostgreSQL database and schema. */
async function startPair(fileStoreEnv: Record<string, string>, fileStore: FileStoreConfig) {
  const world = await startWorld('postgres', TODAY, { config: { jwtSecret: JWT_SECRET, fileStore } });
  const env = { ...fileStoreEnv, JWT_SECRET, INSTANCE_NOW: NOW, DATABASE_URL: world.t.databaseUrl!, INSTANCE_PG_SCHEMA: world.t.pgSchema! };
  const [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
  return { world, a, b };
}

/** A logo uploaded through one instance is served by the other, and a transfer proof the other way round. */
async function fileCrossesInstances(world: World, a: Instance, b: Instance) {
  const admin = await a.login('admin@uji.test');
  const png = fakeFile('png', 6000);
  const logoForm = new FormData();
  logoForm.set('logo', blob(png, 'image/png'), 'logo.png');
  const updated = await a.call('POST', `${API}/profile/update`, { token: admin, form: logoForm });
  expect(updated.status).toBe(200);
  const logo = await b.call('GET', updated.body.data.bpr.logoUrl as string);
  expect(logo.status).toBe(200);
  expect(logo.headers.get('content-type')).toBe('image/png');
  expect(logo.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
  expect(logo.bytes).toEqual(png);

  const deposit = await world.inState('disbursing');
  const proofBytes = fakeFile('pdf', 7000);
  const form = new FormData();
  form.set('depositId', deposit.id);
  form.set('reference', 'TRF-DUA-INSTANCE');
  form.set('paidAt', TODAY);
  form.set('proof', blob(proofBytes, 'application/pdf'), 'bukti.pdf');
  const paid = await b.call('POST', `${API}/deposito/disbursement-paid`, { token: await b.login('supervisor@uji.test'), form });
  expect(paid.status).toBe(200);
  const proofFileId = (await world.db.selectFrom('disbursements').select('proof_file_id').where('deposit_id', '=', deposit.id).executeTakeFirstOrThrow()).proof_file_id!;
  const proof = await a.call('GET', `${API}/deposito/disbursement-proof/${proofFileId}`, { token: await a.login('operator@uji.test') });
  expect(proof.status).toBe(200);
  expect(proof.headers.get('content-disposition')).toBe(`attachment; filename="bukti-transfer-${proofFileId}.pdf"`);
  expect(proof.bytes).toEqual(proofBytes);
  // Neither instance kept them on its own disk.
  for (const instance of [a, b]) expect(existsSync(join(instance.dataDir, 'files'))).toBe(false);
}

if (!DATABASE_URL) {
  failWithoutPostgres('tests/api/multi-instance.test.ts', 'runs two instances on one PostgreSQL');
} else {
  describe('several instances on one PostgreSQL, FILE_STORE=database', () => {
    let pair: Awaited<ReturnType<typeof startPair>>;
    beforeAll(async () => {
      pair = await startPair({ FILE_STORE: 'database' }, { kind: 'database' });
    }, 120_000);
    afterAll(async () => {
      await Promise.all([pair?.a.stop(), pair?.b.stop()]);
      await pair?.world.stop();
    }, 60_000);

    it('a file uploaded through one instance is served by the other, from the database', async () => {
      await fileCrossesInstances(pair.world, pair.a, pair.b);
      expect(Number((await pair.world.db.selectFrom('file_contents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(2);
    }, 60_000);

    it('a session ended on one instance is refused by the other: logout, and a password reset', async () => {
      const { a, b } = pair;
      const token = await a.login('supervisor@uji.test');
      expect((await b.call('GET', `${API}/profile/detail`, { token })).status).toBe(200);
      expect((await b.call('POST', `${API}/auth/logout`, { token })).status).toBe(200);
      expect((await a.call('GET', `${API}/profile/detail`, { token })).status).toBe(401);

      // A reset raises the user's session version: a token from before it ends everywhere.
      const before = await a.login('supervisor2@uji.test');
      expect((await b.call('POST', '/api-v2/auth/send-forgot-password', { json: { email: 'supervisor2@uji.test', userLevel: 1 } })).status).toBe(200);
      const resetToken = resetTokenFromMail(readOutbox(join(b.dataDir, 'outbox')).at(-1)!);
      expect((await a.call('POST', '/api-v2/auth/forgot-password', { json: { tokenForgotPassword: resetToken, password: 'Bunga!Berganda7' } })).status).toBe(200);
      for (const instance of [a, b]) expect((await instance.call('GET', `${API}/profile/detail`, { token: before })).status).toBe(401);
      const after = await b.login('supervisor2@uji.test', 'Bunga!Berganda7');
      expect((await a.call('GET', `${API}/profile/detail`, { token: after })).status).toBe(200);
    }, 60_000);

    it('a throttle counts the attempts made on both instances: failed logins and registrations', async () => {
      const { a, b } = pair;
      const client = '10.9.0.1';
      const attempt = (instance: Instance, password: string) => instance.call('POST', `${API}/auth/login`, { json: { email: 'operator@uji.test', password }, client });
      // Five free failures, alternating instances; the sixth is blocked whichever instance answers.
      for (const instance of [a, b, a, b, a]) expect((await attempt(instance, 'Salah#Sekali99')).status).toBe(401);
      const blocked = await attempt(b, 'Salah#Sekali99');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('60');
      expect((await attempt(a, DEMO_PASSWORD)).status).toBe(429);
      // The owner on a client that has not failed still gets in.
      expect((await b.call('POST', `${API}/auth/login`, { json: { email: 'operator@uji.test', password: DEMO_PASSWORD }, client: '10.9.0.2' })).status).toBe(200);

      // Ten registrations an hour per client, valid or not, counted over both instances.
      const register = (instance: Instance) => {
        const form = new FormData();
        form.set('bankName', 'BPR Setengah');
        return instance.call('POST', `${API}/auth/registration`, { form, client: '10.9.1.1' });
      };
      for (let i = 0; i < 10; i += 1) expect((await register(i % 2 === 0 ? a : b)).status).toBe(400);
      expect((await register(a)).status).toBe(429);
      expect((await register(b)).status).toBe(429);
    }, 60_000);

    it('the daily job posts once: while one instance runs a date the other changes nothing, and a date done is not run again', async () => {
      const { world, a, b } = pair;
      // ARO deposits placed a month ago, active, maturing today: the job rolls each over once.
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const placed = await world.place({ placementDate: '2026-02-02', tenorMonths: 1, instruction: 'ARO', amount: 10_000_000 + i });
        await world.drive(placed.id, { type: 'deposit.approve' });
        ids.push(placed.id);
      }
      for (const id of ids) expect((await world.row(id)).status).toBe('active');
      const reportsOf = async (instance: Instance, tag: string) => JSON.parse(await instance.next(`RAN ${tag} `)) as DailyJobReport[];

      // A runs today and stops after its first write, its transaction open.
      a.send(`RUN a1 ${TODAY} pause`);
      await a.next('PAUSED a1');
      // B, asked to run the same date meanwhile, answers at once that it is running elsewhere.
      b.send(`RUN b1 ${TODAY}`);
      const elsewhere = await reportsOf(b, 'b1');
      expect(elsewhere.map((report) => report.outcome)).toEqual(['running-elsewhere']);
      expect(describeDailyReport(elsewhere[0]!)).toEqual(['Proses harian 02-Mar-2026 sedang dijalankan oleh proses lain (instance lain); tidak ada yang diubah di sini. Jalankan lagi setelah selesai untuk melihat hasilnya.']);
      for (const id of ids) expect((await world.row(id)).period_number).toBe(1);

      a.send('CONTINUE a1');
      expect(await reportsOf(a, 'a1')).toEqual([expect.objectContaining({ businessDate: TODAY, outcome: 'done', rolledOver: 4, refused: [] })]);
      b.send(`RUN b2 ${TODAY}`);
      expect(await reportsOf(b, 'b2')).toEqual([expect.objectContaining({ outcome: 'already-done', rolledOver: 4 })]);

      // Both at the same moment, for the next day: one runs it, the other does not.
      a.send('RUN a2 2026-03-03');
      b.send('RUN b3 2026-03-03');
      const outcomes = [...(await reportsOf(a, 'a2')), ...(await reportsOf(b, 'b3'))].map((report) => report.outcome);
      expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome !== 'done')).toEqual([expect.stringMatching(/^(running-elsewhere|already-done)$/)]);

      for (const id of ids) {
        expect((await world.row(id)).period_number).toBe(2);
        const rollovers = await world.db.selectFrom('deposit_audit').select('id').where('deposit_id', '=', id).where('event', '=', 'deposit.rollover').execute();
        expect(rollovers).toHaveLength(1);
        expect(await world.db.selectFrom('aro_letters').select('id').where('deposit_id', '=', id).execute()).toHaveLength(1);
      }
      const runs = await world.db.selectFrom('job_runs').select(['business_date', 'status']).orderBy('business_date').execute();
      expect(runs).toEqual([
        { business_date: TODAY, status: 'done' },
        { business_date: '2026-03-03', status: 'done' },
      ]);
    }, 60_000);
  });

  describe('several instances on one PostgreSQL, FILE_STORE=s3', () => {
    let s3: TestS3Server;
    let pair: Awaited<ReturnType<typeof startPair>>;
    beforeAll(async () => {
      s3 = await startS3Server(['berjangka-instances']);
      pair = await startPair(s3.env('berjangka-instances'), s3.config('berjangka-instances'));
    }, 120_000);
    afterAll(async () => {
      await Promise.all([pair?.a.stop(), pair?.b.stop()]);
      await pair?.world.stop();
      await s3?.close();
    }, 60_000);

    it('a file uploaded through one instance is served by the other, from the bucket', async () => {
      await fileCrossesInstances(pair.world, pair.a, pair.b);
      expect(await s3.keys('berjangka-instances')).toHaveLength(2);
    }, 60_000);
  });
}
