import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JNE_OFF_MESSAGE } from '../../server/courier/jne-provider';
import { PRIVY_OFF_MESSAGE } from '../../server/signature/privy-provider';
import { signPrivyCallback } from '../../server/signature/privy-callback';
import { samplePdf } from '../support/sample-files';
import { blob, dialects, startTestServer, type TestServer } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import { tinyPdf } from './support/provider-sandboxes';
import { serverNodeFlags } from '../support/server-node-flags';
import { bundledEntry } from '../support/bundled-entry';

/**
 * README "Production": `npm start` is the demo; NODE_ENV=production seeds nothing, mounts no
 * sandbox and does not start without its settings; JNE_URL / PRIVY_URL = off runs without the
 * integration, whose actions then say why they are unavailable.
 */

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'rahasia-jwt-produksi-yang-cukup-panjang-0123456789',
  PUBLIC_URL: 'https://deposito.bpr-uji.example',
  JNE_URL: 'off',
  PRIVY_URL: 'off',
};

/** `npm start` (server/start.ts) in a child process with exactly this environment (plus PATH and HOME). */
async function npmStart(env: Record<string, string>, dataDir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...serverNodeFlags(), await bundledEntry('server/start.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('NODE_ENV=production npm start without its settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, exit code 1, naming each missing variable; a provider URL without its credentials is refused too', async () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ...(['JWT_SECRET', 'PUBLIC_URL', 'JNE_URL', 'PRIVY_URL'] as const).map((name): [string, Record<string, string>, RegExp] => {
        const env: Record<string, string> = { ...PRODUCTION_ENV };
        delete env[name];
        return [name, env, new RegExp(`${name} is required when NODE_ENV=production`)];
      }),
      ['JNE_URL without JNE_API_KEY', { ...PRODUCTION_ENV, JNE_URL: 'https://apiv2.jne.co.id:10205', JNE_USERNAME: 'BPRUJI' }, /JNE_API_KEY is required when JNE_URL is set \(or JNE_URL=off to run without it\)/],
      ['PRIVY_URL neither a URL nor off', { ...PRODUCTION_ENV, PRIVY_URL: 'mati' }, /PRIVY_URL must be an http:\/\/ or https:\/\/ URL, or off to run without it/],
    ];
    // Two at a time: each loads TypeScript, and the machine is shared.
    const results: Array<{ code: number; output: string }> = [];
    for (let index = 0; index < cases.length; index += 2) results.push(...(await Promise.all(cases.slice(index, index + 2).map(([, env]) => npmStart(env, dataDir)))));
    results.forEach((result, index) => {
      const [label, , message] = cases[index]!;
      expect(result.code, label).toBe(1);
      expect(result.output, label).toMatch(/^Berjangka gagal dijalankan: Invalid configuration: /m);
      expect(result.output, label).toMatch(message);
    });
  }, 120_000);
});

for (const dialect of dialects) {
  describe(`the two modes (${dialect})`, () => {
    let dist: string;
    beforeAll(() => {
      dist = mkdtempSync(join(tmpdir(), 'berjangka-dist-'));
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Berjangka</title><div id="root"></div>');
    });
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it('production: no demo data even on an empty database, no sandbox, and the SPA is told it is production', async () => {
      let t: TestServer | undefined;
      try {
        t = await startTestServer(dialect, { env: PRODUCTION_ENV, seed: 'when-empty', spaDir: dist, config: { publicUrl: PRODUCTION_ENV.PUBLIC_URL } });
        expect(t.server.config.mode).toBe('production');
        expect(t.server.seeded).toEqual([]);
        expect(await t.server.database.db.selectFrom('banks').select('id').execute()).toEqual([]);
        expect((await fetch(`${t.url}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
        // A POST: a GET of an unknown path is the SPA's (index.html).
        expect((await fetch(`${t.url}/sandbox/privy/sign/${'x'.repeat(43)}`, { method: 'POST', body: new URLSearchParams({ keputusan: 'tanda-tangan' }) })).status).toBe(404);
        expect(await (await fetch(`${t.url}/login`)).text()).toContain('<meta name="berjangka:mode" content="production">');
        expect(t.server.followUps.map((followUp) => followUp.name)).not.toContain('jne-tracking');
      } finally {
        await t?.stop();
      }
    });

    it('demo (no NODE_ENV): the sandboxes are mounted and the SPA is told it is the demo', async () => {
      let t: TestServer | undefined;
      try {
        t = await startTestServer(dialect, { seed: false, spaDir: dist });
        expect(t.server.config.mode).toBe('demo');
        expect((await fetch(`${t.url}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
        expect(await (await fetch(`${t.url}/login`)).text()).toContain('<meta name="berjangka:mode" content="demo">');
      } finally {
        await t?.stop();
      }
    });
  });

  describe(`JNE_URL=off and PRIVY_URL=off (${dialect})`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(dialect, '2026-03-02', { env: { JNE_URL: 'off', PRIVY_URL: 'off' } });
      await w.db.updateTable('banks').set({ address: 'Jl. Asia Afrika No. 8, Bandung, Jawa Barat 40111' }).where('id', '=', w.bank.id).execute();
      await w.db.updateTable('users').set({ phone: '0227001234' }).where('id', '=', w.users.operator.id).execute();
      await w.db.updateTable('customers').set({ address: 'Jl. Uji No. 1, Cimahi, Jawa Barat 40521', email: 'nasabah@uji.test' }).where('bank_id', '=', w.bank.id).execute();
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('every JNE action answers 503 saying JNE is off, and nothing is written', async () => {
      const deposit = await w.inState('active');
      const data = new FormData();
      data.set('depositId', deposit.id);
      data.set('bilyetNumber', `BLY-OFF-${dialect}`);
      data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
      expect((await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form: data, headers: freshKey() })).status).toBe(200);

      const pickup = await w.call('POST', '/jne/create-pickup', { token: w.users.operator.token, json: { depositId: deposit.id, pickupDate: '2026-03-03', pickupTime: '10:00' }, headers: freshKey() });
      expect(pickup.status).toBe(503);
      expect(pickup.body.message).toBe(JNE_OFF_MESSAGE);
      expect(await w.db.selectFrom('shipments').select('id').where('deposit_id', '=', deposit.id).execute()).toEqual([]);
      expect((await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.operator.token })).body.data.bilyet.status).toBe('issued');

      // A booking from before JNE was switched off: it can be neither tracked nor cancelled.
      const now = w.clock.now().toISOString();
      const awb = '0100000000000042';
      await w.db
        .insertInto('shipments')
        .values({
          id: crypto.randomUUID(), bank_id: w.bank.id, deposit_id: deposit.id, courier: 'JNE', service: 'REG', awb, status: 'requested', booked: 1,
          pickup_date: '2026-03-03', pickup_time: '10:00', receiver: JSON.stringify({ name: 'Nasabah', address: 'Jl. Uji No. 1', city: 'Cimahi', phone: '0812' }),
          receiver_name: null, delivered_at: null, tracked_at: null, created_by: w.users.operator.id, created_at: now, updated_at: now,
        })
        .execute();
      const tracking = await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token });
      expect([tracking.status, tracking.body.message]).toEqual([503, JNE_OFF_MESSAGE]);
      const shipment = await w.db.selectFrom('shipments').select(['id', 'status']).where('awb', '=', awb).executeTakeFirstOrThrow();
      const cancel = await w.call('POST', '/jne/cancel-pickup', { token: w.users.operator.token, json: { shipmentId: shipment.id }, headers: freshKey() });
      expect([cancel.status, cancel.body.message]).toEqual([503, JNE_OFF_MESSAGE]);
      expect((await w.db.selectFrom('shipments').select('status').where('id', '=', shipment.id).executeTakeFirstOrThrow()).status).toBe('requested');
      expect(w.t.server.followUps.map((followUp) => followUp.name)).not.toContain('jne-tracking');
    });

    it('a Privy signature request answers 503 saying Privy is off, nothing is recorded, and no callback is accepted', async () => {
      const deposit = await w.inState('active');
      const data = new FormData();
      data.set('depositId', deposit.id);
      data.set('type', 'FORM');
      data.set('file', blob(tinyPdf(), 'application/pdf'), 'formulir.pdf');
      const uploaded = await w.call('POST', '/deposito/upload-doc', { token: w.users.operator.token, form: data, headers: freshKey() });
      expect(uploaded.status).toBe(201);
      const sent = await w.call('POST', '/deposito/sign-document', { token: w.users.operator.token, json: { depositId: deposit.id, documentId: uploaded.body.data.id }, headers: freshKey() });
      expect(sent.status).toBe(503);
      expect(sent.body.message).toBe(PRIVY_OFF_MESSAGE);
      expect(await w.db.selectFrom('signature_requests').select('id').where('deposit_id', '=', deposit.id).execute()).toEqual([]);

      // No sandbox to sign on, and no secret anyone knows: a callback signed with the old demo file's secret is refused.
      expect((await fetch(`${w.t.url}/sandbox/privy/sign/${'x'.repeat(43)}`)).status).toBe(404);
      const raw = JSON.stringify({ eventId: 'evt-off', event: 'document.signed', docToken: 'x', documentStatus: 'Completed', reference: 'x', occurredAt: '2026-03-02T03:00:00.000Z' });
      const callback = await fetch(`${w.t.url}/api-v2-bpr/privy/callback`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-privy-signature': signPrivyCallback(raw, 'tebakan') }, body: raw });
      expect(callback.status).toBe(401);
    });
  });
}
