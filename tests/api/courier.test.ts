import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../support/sample-files';
import { blob, dialects } from './harness';
import { freshKey, startWorld, type World } from './deposit-fixtures';
import type { DepositRow } from '../../server/platform/db/schema';
import { pdfPageSizes, pdfToText, squish } from '../support/pdf-text';
import { SANDBOX_JNE_API_KEY, SANDBOX_JNE_USERNAME } from '../../server/courier/jne-provider';

/** API.md "Documents, signature, courier": JNE pickups of bilyets through the JNE sandbox, end to end over HTTP. */

for (const dialect of dialects) {
  describe(`JNE shipments of bilyets (${dialect})`, () => {
    let w: World;
    let numbers = 0;

    const issue = async (deposit: DepositRow) => {
      const data = new FormData();
      data.set('depositId', deposit.id);
      data.set('bilyetNumber', `BLY-JNE-${dialect}-${(numbers += 1)}`);
      data.set('file', blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bilyet.pdf');
      const answer = await w.call('POST', '/deposito/upload-bilyet', { token: w.users.operator.token, form: data, headers: freshKey() });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const book = (depositId: string, fields: Record<string, string> = {}, headers = freshKey(), token = w.users.operator.token) =>
      w.call('POST', '/jne/create-pickup', { token, json: { depositId, pickupDate: '2026-03-03', pickupTime: '10:00', ...fields }, headers });
    /** The sandbox's control, as the demo's parcel control calls it: with a staff session (default: the booking bank's operator). */
    const sandbox = (awb: string, status: string, token: string | null = w.users.operator.token) =>
      fetch(`${w.t.url}/sandbox/jne/control/advance`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify({ awb, status }) });
    const detail = async (depositId: string) => (await w.call('GET', `/deposito/${depositId}`, { token: w.users.operator.token })).body.data;

    beforeAll(async () => {
      w = await startWorld(dialect);
      // The courier needs a city and a phone on both ends.
      await w.db.updateTable('banks').set({ address: 'Jl. Asia Afrika No. 8, Bandung, Jawa Barat 40111' }).where('id', '=', w.bank.id).execute();
      await w.db.updateTable('users').set({ phone: '0227001234' }).where('id', '=', w.users.operator.id).execute();
      await w.db.updateTable('customers').set({ address: 'Jl. Uji No. 1, Cimahi, Jawa Barat 40521' }).where('bank_id', '=', w.bank.id).execute();
    });
    afterAll(async () => {
      await w?.stop();
    });

    it('books a pickup (201), ships the bilyet, prints the A6 resi, and marks the bilyet received when JNE delivers', async () => {
      const deposit = await w.inState('disbursing');
      await issue(deposit);
      const booked = await book(deposit.id);
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(booked.body.data).toMatchObject({ status: 'requested', awb: expect.stringMatching(/^\d{10,16}$/), shipmentId: expect.any(String) });
      const { awb, shipmentId } = booked.body.data;

      let now = await detail(deposit.id);
      expect(now.bilyet).toMatchObject({ status: 'shipped', courier: 'JNE', awb });
      expect(now.shipmentStatus).toBe('requested');
      expect(now.shipments[0]).toMatchObject({ id: shipmentId, awb, status: 'requested', statusLabel: 'Menunggu penjemputan', booked: true, pickupDate: '2026-03-03', pickupTime: '10:00' });
      expect(now.timeline.at(-1)).toMatchObject({ event: 'bilyet.ship', payload: expect.objectContaining({ awb, courier: 'JNE' }) });

      const again = await book(deposit.id);
      expect(again.status).toBe(409);

      const label = await fetch(`${w.t.url}/api-v2-bpr/jne/print-resi?shipmentId=${shipmentId}`, { headers: { authorization: `Bearer ${w.users.operator.token}` } });
      expect(label.status).toBe(200);
      expect(label.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await label.arrayBuffer());
      const [size] = await pdfPageSizes(bytes);
      expect([Math.round(size!.width), Math.round(size!.height)]).toEqual([298, 420]); // A6 in points
      const text = squish(await pdfToText(bytes));
      expect(text).toContain(awb);
      expect(text).toContain('BPR Uji Sentosa');
      expect(text).toContain('Cimahi');
      expect(text).not.toContain('Rp'); // the deposit's amount never travels on the envelope

      const unchanged = await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token });
      expect(unchanged.status, JSON.stringify(unchanged.body)).toBe(200);
      expect(unchanged.body.data.status).toBe('requested');

      expect((await sandbox(awb, 'delivered')).status).toBe(200);
      const delivered = await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token });
      expect(delivered.body.data).toMatchObject({ status: 'delivered', statusLabel: 'Terkirim', receiverName: expect.any(String) });
      expect(delivered.body.data.history.length).toBeGreaterThanOrEqual(3);
      now = await detail(deposit.id);
      expect(now.bilyet).toMatchObject({ status: 'received', receivedBy: delivered.body.data.receiverName });
      expect(now.shipmentStatus).toBe('delivered');
      expect(now.timeline.at(-1)).toMatchObject({ event: 'bilyet.receive', actor: { name: expect.any(String) } });

      // The payout waits only for the return now.
      const returned = new FormData();
      returned.set('depositId', deposit.id);
      returned.set('returnedAt', '2026-03-02');
      expect((await w.call('POST', '/deposito/return-bilyet', { token: w.users.operator.token, form: returned, headers: freshKey() })).status).toBe(200);
      const forSupervisor = await w.call('GET', `/deposito/${deposit.id}`, { token: w.users.supervisor.token });
      expect(forSupervisor.body.data.allowedEvents).toContain('deposit.markPaid');
    });

    it('the daily job tracks every live shipment: picked up, then delivered', async () => {
      const deposit = await w.inState('active');
      await issue(deposit);
      const { awb } = (await book(deposit.id)).body.data;
      await sandbox(awb, 'pickedUp');
      expect(await w.t.server.services.shipments.refreshAll()).toMatchObject({ failed: 0 });
      expect((await detail(deposit.id)).shipmentStatus).toBe('pickedUp');
      await sandbox(awb, 'delivered');
      await w.t.server.services.shipments.refreshAll();
      const after = await detail(deposit.id);
      expect(after.bilyet.status).toBe('received');
      expect(after.timeline.slice(-2).map((entry: { event: string; actor: { name: string } }) => [entry.event, entry.actor.name])).toEqual([
        ['shipment.track', 'Sistem'],
        ['bilyet.receive', 'Sistem'],
      ]);
    });

    it('cancels before pickup (the bilyet is back at the bank) and refuses to cancel after', async () => {
      const deposit = await w.inState('active');
      await issue(deposit);
      const first = (await book(deposit.id)).body.data;
      const cancelled = await w.call('POST', '/jne/cancel-pickup', { token: w.users.operator.token, json: { shipmentId: first.shipmentId }, headers: freshKey() });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', statusLabel: 'Dibatalkan' });
      expect((await detail(deposit.id)).bilyet.status).toBe('issued');

      const second = (await book(deposit.id)).body.data;
      await sandbox(second.awb, 'pickedUp');
      await w.call('GET', `/jne/tracking?awb=${second.awb}`, { token: w.users.operator.token });
      const late = await w.call('POST', '/jne/cancel-pickup', { token: w.users.operator.token, json: { shipmentId: second.shipmentId }, headers: freshKey() });
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/Dijemput Kurir|dibatalkan|Pengiriman/);
      expect((await detail(deposit.id)).bilyet.status).toBe('shipped');
    });

    it('a failed JNE delivery leaves the bilyet on its way until staff record it back at the bank; a live pickup is cancelled instead', async () => {
      const deposit = await w.inState('active');
      await issue(deposit);
      const { awb } = (await book(deposit.id)).body.data;
      const unship = () => w.call('POST', '/deposito/unship-bilyet', { token: w.users.operator.token, json: { depositId: deposit.id }, headers: freshKey() });
      const live = await unship();
      expect(live.status).toBe(409);
      expect(live.body.message).toBe('Penjemputan JNE bilyet ini masih aktif; batalkan penjemputan lebih dahulu.');

      await sandbox(awb, 'failed');
      const failed = await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token });
      expect(failed.body.data.status).toBe('failed');
      expect((await detail(deposit.id)).bilyet.status).toBe('shipped');
      const receiveTab = await w.call('GET', '/bpr/list-proses-deposito?step=receive&limit=100', { token: w.users.operator.token });
      expect(receiveTab.body.data.map((row: { id: string }) => row.id)).toContain(deposit.id);

      const back = await unship();
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.data.bilyet).toMatchObject({ status: 'issued', courier: null, awb: null });
      expect(back.body.data.timeline.at(-1)).toMatchObject({ event: 'bilyet.unship' });
      // Ready to go out again.
      expect((await book(deposit.id)).status).toBe(201);
    });

    it('refuses in Indonesian: a bilyet not issued (409), a past or far pickup date, an address without a city (400), JNE\'s own refusal', async () => {
      const bare = await w.inState('active');
      const notIssued = await book(bare.id);
      expect(notIssued.status).toBe(409);
      expect(notIssued.body.message).toMatch(/^Bilyet tidak dalam status/);

      await issue(bare);
      const past = await book(bare.id, { pickupDate: '2026-03-01' });
      expect(past.status).toBe(400);
      expect(past.body.message).toContain('Tanggal penjemputan tidak boleh sebelum hari ini.');
      const far = await book(bare.id, { pickupDate: '2026-03-20' });
      expect(far.status).toBe(400);
      expect(far.body.message.join(' ')).toMatch(/paling lambat 7 hari/);
      const badTime = await book(bare.id, { pickupTime: '25:00' });
      expect(badTime.status).toBe(400);
      expect(badTime.body.message).toContain('Jam penjemputan harus berformat JJ:MM, contoh 14:00.');

      // JNE answers a slot already past with HTTP 200 and an error body: staff read why.
      const slotPast = await book(bare.id, { pickupDate: '2026-03-02', pickupTime: '07:00' });
      expect(slotPast.status, JSON.stringify(slotPast.body)).toBe(422);
      expect(typeof slotPast.body.message).toBe('string');
      expect(slotPast.body.message).toMatch(/JNE/);
      expect((await detail(bare.id)).bilyet.status).toBe('issued');

      await w.db.updateTable('customers').set({ address: 'Jl. Tanpa Kota 3' }).where('id', '=', bare.customer_id).execute();
      const noCity = await book(bare.id);
      expect(noCity.status).toBe(400);
      expect(noCity.body.message.join(' ')).toContain('Alamat nasabah belum lengkap untuk kurir');
      await w.db.updateTable('customers').set({ address: 'Jl. Uji No. 1, Cimahi, Jawa Barat 40521' }).where('id', '=', bare.customer_id).execute();
    });

    it('another bank\'s deposit, shipment or resi is 404; no token is 401; the same Idempotency-Key books once', async () => {
      const other = await w.inState('active', { bank: 'other', product: 'other', customer: 'other' });
      expect((await book(other.id)).status).toBe(404);

      const deposit = await w.inState('active');
      await issue(deposit);
      const key = freshKey();
      const first = await book(deposit.id, {}, key);
      const replay = await book(deposit.id, {}, key);
      expect(replay.status).toBe(201);
      expect(replay.body.data).toEqual(first.body.data);
      const rows = await w.db.selectFrom('shipments').select('id').where('deposit_id', '=', deposit.id).execute();
      expect(rows).toHaveLength(1);

      const otherToken = w.users.otherSupervisor.token;
      expect((await w.call('GET', `/jne/print-resi?shipmentId=${first.body.data.shipmentId}`, { token: otherToken })).status).toBe(404);
      expect((await w.call('GET', `/jne/tracking?awb=${first.body.data.awb}`, { token: otherToken })).status).toBe(404);
      expect((await w.call('POST', '/jne/cancel-pickup', { token: otherToken, json: { shipmentId: first.body.data.shipmentId }, headers: freshKey() })).status).toBe(404);
      expect((await w.call('POST', '/jne/create-pickup', { json: { depositId: deposit.id }, headers: freshKey() })).status).toBe(401);
    });

    it('the sandbox moves a parcel only for the staff of the bank that booked it: no token 401, another bank 404, own staff 200; its published JNE account reaches nothing over HTTP', async () => {
      const deposit = await w.inState('active');
      await issue(deposit);
      const { awb, shipmentId } = (await book(deposit.id)).body.data;

      const anonymous = await sandbox(awb, 'delivered', null);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).message).toMatch(/sesi staf/);
      const stranger = await sandbox(awb, 'delivered', w.users.otherSupervisor.token);
      expect(stranger.status).toBe(404);
      expect((await stranger.json()).message).toBe(`Nomor resi ${awb} tidak ditemukan di antara pengiriman bank Anda.`);
      expect((await sandbox(awb, 'delivered', 'bukan.token.sah')).status).toBe(401);
      expect((await detail(deposit.id)).bilyet.status).toBe('shipped');

      // Cancelling (or tracing) another bank's booking with the credentials the README publishes.
      for (const path of ['/tracing/api/cancelcnote', `/tracing/api/list/v1/cnote/${awb}`]) {
        const published = await fetch(`${w.t.url}/sandbox/jne${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: SANDBOX_JNE_USERNAME, api_key: SANDBOX_JNE_API_KEY, cnote_no: awb }).toString() });
        expect(published.status).toBe(404);
      }
      expect((await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token })).body.data.status).toBe('requested');

      const own = await sandbox(awb, 'delivered', w.users.supervisor.token);
      expect(own.status).toBe(200);
      expect(await own.json()).toEqual({ awb, status: 'delivered' });
      expect((await w.call('GET', `/jne/tracking?awb=${awb}`, { token: w.users.operator.token })).body.data).toMatchObject({ id: shipmentId, status: 'delivered' });
      expect((await detail(deposit.id)).bilyet.status).toBe('received');
    });

    it('records a hand-entered resi of another courier; the receipt is then recorded by staff', async () => {
      const deposit = await w.inState('active');
      await issue(deposit);
      const resi = await w.call('POST', '/deposito/resi-bilyet', { token: w.users.operator.token, json: { depositId: deposit.id, courier: 'POS Indonesia', awb: 'P2603020001' }, headers: freshKey() });
      expect(resi.status, JSON.stringify(resi.body)).toBe(200);
      expect(resi.body.data.bilyet).toMatchObject({ status: 'shipped', courier: 'POS Indonesia', awb: 'P2603020001' });
      expect(resi.body.data.shipments).toEqual([]);
      const proses = await w.call('GET', '/bpr/list-proses-deposito?step=receive', { token: w.users.operator.token });
      expect(proses.body.data.map((row: { id: string }) => row.id)).toContain(deposit.id);
      const missing = await w.call('POST', '/deposito/resi-bilyet', { token: w.users.operator.token, json: { depositId: deposit.id, courier: '' }, headers: freshKey() });
      expect(missing.status).toBe(400);
    });
  });
}
