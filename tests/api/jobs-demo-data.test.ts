import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BilyetStatus, ShipmentStatus } from '../../contract/deposit';
import { decideBilyet, restoreBilyet } from '../../machines/bilyet';
import { decide, restoreDeposit } from '../../machines/deposit';
import { addDays, maturityDate } from '../../machines/deposit-rules';
import { documentWorkSteps, documentWorkStepsOf } from '../../machines/document-work';
import { finishedShipmentStatuses, trackedMove } from '../../machines/shipment';
import { DEPOSIT_STATUSES, countDepositsByStatus } from '../../server/deposits/deposit-repository';
import { loadDeposit } from '../../server/deposits/deposit-state';
import { getDepositSettings, listProducts, productRules } from '../../server/products/product-service';
import { interestSchedule, taxInterest } from '../../machines/deposit-rules';
import { nikProblems } from '../../machines/customer-rules';
import { planDemoDeposits } from '../../server/demo/demo-deposits-plan';
import { seedDemoDeposits } from '../../server/demo/demo-deposits';
import { bilyetContextOf } from '../../server/documents/bilyet-service';
import { isVerificationCodeShaped } from '../../server/documents/bilyet-verification';
import { courierFromConfig } from '../../server/courier/jne-provider';
import { signatureFromConfig } from '../../server/signature/privy-provider';
import { jakartaDate } from '../../server/platform/business-date';
import type { BilyetRow, DepositRow, ShipmentRow } from '../../server/platform/db/schema';
import { samplePdf } from '../support/sample-files';
import { blob, DAY, dialects, startTestServer, type TestServer } from './harness';

describe.each(dialects)('demo deposits on a first start (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { demoDeposits: true });
  }, 60_000);
  afterAll(async () => t?.stop());

  const bankId = async (name: string) => (await t.server.database.db.selectFrom('banks').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it("every demo customer's NIK keeps the NIK rules against the geography (a district that exists, the birth date and gender of the record); some customers are MEDIUM or HIGH risk", async () => {
    const db = t.server.database.db;
    const districts = new Set((await db.selectFrom('geo_districts').select('id').execute()).map((row) => row.id));
    const customers = await db.selectFrom('customers').select(['name', 'nik', 'birth_date', 'gender', 'risk_level']).where('kind', '=', 'INDIVIDUAL').execute();
    expect(customers.length).toBeGreaterThan(100);
    const broken = customers.flatMap((customer) => nikProblems(customer.nik, { birthDate: customer.birth_date, gender: customer.gender }, (code) => districts.has(code)).map((problem) => `${customer.name} ${customer.nik}: ${problem}`));
    expect(broken).toEqual([]);
    expect(new Set(customers.map((customer) => customer.risk_level))).toEqual(new Set(['LOW', 'MEDIUM', 'HIGH']));
  });

  it('both demo banks have deposits in every state, both close reasons, and counters that match the rows', async () => {
    const db = t.server.database.db;
    for (const [name, expected] of [['BPR Demo Sejahtera', 2000], ['BPR Lain Makmur', 300]] as const) {
      const id = await bankId(name);
      const rows = await db.selectFrom('deposits').select(['status', 'close_reason']).where('bank_id', '=', id).execute();
      expect(rows).toHaveLength(expected);
      for (const status of DEPOSIT_STATUSES) expect(rows.filter((row) => row.status === status).length, `${name} ${status}`).toBeGreaterThan(0);
      expect(rows.some((row) => row.close_reason === 'matured')).toBe(true);
      // Lain Makmur has a single user, who may not approve their own break request.
      if (name === 'BPR Demo Sejahtera') expect(rows.some((row) => row.close_reason === 'broken')).toBe(true);
      const counters = await countDepositsByStatus(db, { bankId: id });
      for (const status of DEPOSIT_STATUSES) expect(counters[status], status).toBe(rows.filter((row) => row.status === status).length);
    }
    const installmentStatuses = await db.selectFrom('interest_installments').select('status').distinct().execute();
    expect(installmentStatuses.map((row) => row.status).sort()).toEqual(['cancelled', 'due', 'paid', 'scheduled']);
    const requestStatuses = await db.selectFrom('change_requests').select('status').distinct().execute();
    expect(requestStatuses.map((row) => row.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    expect(Number((await db.selectFrom('aro_letters').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });

  it('figures agree with the rules: maturity, schedule, tax, ARO+ growth, break payouts, timeline ending in the status', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Demo Sejahtera');
    const settings = await getDepositSettings(db, id);
    const tax = { taxBps: settings.taxBps, thresholdRupiah: settings.taxThreshold };
    const running = await db.selectFrom('deposits').selectAll().where('bank_id', '=', id).where('status', 'in', ['active', 'matured', 'disbursing', 'closed']).orderBy('deposit_number').execute();
    expect(running.length).toBeGreaterThan(500);
    for (const deposit of running.filter((_, index) => index % 7 === 0)) {
      expect(deposit.maturity_date).toBe(maturityDate(deposit.period_start, deposit.tenor_months));
      const installments = await db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', deposit.id).orderBy('period_number').orderBy('sequence').execute();
      const current = installments.filter((item) => item.period_number === deposit.period_number);
      const expectedSchedule = interestSchedule({
        principal: deposit.amount,
        rateBps: deposit.rate_bps,
        periodStart: deposit.period_start,
        tenorMonths: deposit.tenor_months,
        holidays: settings.holidays,
        interestPayment: deposit.interest_payment,
      });
      expect(current.map((item) => [item.period_start, item.period_end, item.pay_date, item.gross_interest])).toEqual(
        expectedSchedule.map((item) => [item.periodStart, item.periodEnd, item.payDate, item.grossInterest]),
      );
      for (const item of installments) {
        expect(item.net_interest).toBe(item.gross_interest - item.tax);
        expect([0, taxInterest(item.gross_interest, { customerActivePrincipal: Number.MAX_SAFE_INTEGER, settings: tax }).tax]).toContain(item.tax);
      }
      const periods = await db.selectFrom('deposit_periods').selectAll().where('deposit_id', '=', deposit.id).orderBy('period_number').execute();
      expect(periods.at(-1)!.period_number).toBe(deposit.period_number);
      for (let k = 1; k < periods.length; k += 1) {
        const previous = periods[k - 1]!;
        const period = periods[k]!;
        if (period.started_by !== 'rollover') continue;
        expect(period.period_start).toBe(previous.maturity_date);
        const rolled = installments.filter((item) => item.period_number === previous.period_number && item.reference === 'ARO+ (dikapitalisasi)');
        expect(period.amount).toBe(previous.amount + (previous.maturity_instruction === 'ARO_PLUS' ? rolled.reduce((sum, item) => sum + item.net_interest, 0) : 0));
      }
      const audit = await db.selectFrom('deposit_audit').selectAll().where('deposit_id', '=', deposit.id).orderBy('at').execute();
      expect(audit[0]!.event).toBe('deposit.create');
      expect(audit.at(-1)!.to_status).toBe(deposit.status);
      for (let k = 1; k < audit.length; k += 1) expect(audit[k]!.from_status).toBe(audit[k - 1]!.to_status);
    }
    const breaks = await db.selectFrom('disbursements').selectAll().where('bank_id', '=', id).where('kind', '=', 'break').execute();
    expect(breaks.length).toBeGreaterThan(0);
    for (const payout of breaks) expect(payout.amount).toBe(payout.principal + payout.interest - payout.tax - payout.penalty);
  });

  it('a deposit closed at maturity owes nothing: its payout paid the principal and the unpaid installments, with its transfer', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Demo Sejahtera');
    const payouts = await db.selectFrom('disbursements').selectAll().where('bank_id', '=', id).where('kind', '=', 'maturity').execute();
    expect(payouts.some((payout) => payout.status === 'paid' && payout.interest > 0)).toBe(true);
    for (const payout of payouts) {
      const deposit = await db.selectFrom('deposits').select(['status', 'amount']).where('id', '=', payout.deposit_id).executeTakeFirstOrThrow();
      const installments = await db.selectFrom('interest_installments').selectAll().where('deposit_id', '=', payout.deposit_id).execute();
      const settled = installments.filter((item) => (payout.status === 'paid' ? item.reference === payout.reference : item.status === 'due'));
      expect(payout.amount).toBe(payout.principal + payout.interest - payout.tax);
      expect([payout.interest, payout.tax]).toEqual([settled.reduce((sum, item) => sum + item.gross_interest, 0), settled.reduce((sum, item) => sum + item.tax, 0)]);
      if (deposit.status === 'closed') expect(installments.filter((item) => item.status === 'scheduled' || item.status === 'due')).toEqual([]);
    }
  });

  it('a second seed changes nothing', async () => {
    const db = t.server.database.db;
    const before = Number((await db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await seedDemoDeposits({ db, clock: t.clock, fileStore: t.server.fileStore })).toEqual([]);
    expect(Number((await db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  // ---------------------------------------------------------------- the documents' journeys

  const BANKS = ['BPR Demo Sejahtera', 'BPR Lain Makmur'] as const;
  const today = () => jakartaDate(t.clock.now());
  const isPdf = (bytes: Uint8Array | Buffer | null) => bytes !== null && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  /** The latest of a deposit's rows as the services read it: newest created_at, then id. */
  function latestByDeposit<R extends { deposit_id: string; created_at: string; id: string }>(rows: readonly R[]): Map<string, R> {
    const latest = new Map<string, R>();
    for (const row of rows) {
      const current = latest.get(row.deposit_id);
      if (!current || row.created_at > current.created_at || (row.created_at === current.created_at && row.id > current.id)) latest.set(row.deposit_id, row);
    }
    return latest;
  }
  const depositsOf = async (bank: string) => t.server.database.db.selectFrom('deposits').selectAll().where('bank_id', '=', await bankId(bank)).orderBy('deposit_number').execute();

  it('every bilyet that is not none has its row, its number with the QR code, its scan and the documents of its state, with dates in order', async () => {
    const db = t.server.database.db;
    for (const name of BANKS) {
      const id = await bankId(name);
      const deposits = await depositsOf(name);
      const bilyets = new Map((await db.selectFrom('bilyets').selectAll().where('bank_id', '=', id).execute()).map((row) => [row.deposit_id, row]));
      const numbers = new Map((await db.selectFrom('bilyet_numbers').selectAll().where('bank_id', '=', id).execute()).map((row) => [row.number, row]));
      const documents = new Map((await db.selectFrom('documents').selectAll().where('bank_id', '=', id).execute()).map((row) => [row.id, row]));
      const approvedOn = new Map(
        (await db.selectFrom('deposit_audit').select(['deposit_id', 'at']).where('bank_id', '=', id).where('event', '=', 'deposit.approve').execute()).map((row) => [row.deposit_id, jakartaDate(new Date(row.at))]),
      );
      const documentOf = (documentId: string | null, type: string, deposit: DepositRow) => {
        const document = documentId ? documents.get(documentId) : undefined;
        expect(document?.type, `${deposit.deposit_number} ${type}`).toBe(type);
        expect(document?.deposit_id).toBe(deposit.id);
      };
      const seen = new Set<BilyetStatus>();
      for (const deposit of deposits) {
        seen.add(deposit.bilyet_status);
        const bilyet = bilyets.get(deposit.id);
        const label = `${name} ${deposit.deposit_number} (${deposit.status}/${deposit.bilyet_status})`;
        if (deposit.bilyet_status === 'none') {
          expect(bilyet, label).toBeUndefined();
          expect(deposit.bilyet_number, label).toBeNull();
          continue;
        }
        expect(bilyet, label).toBeDefined();
        const b = bilyet as BilyetRow;
        const paper = numbers.get(deposit.bilyet_number!);
        expect(paper?.deposit_id, label).toBe(deposit.id);
        expect(isVerificationCodeShaped(b.verification_code), label).toBe(true);
        // The QR of the paper in force is the bilyet's code (a lost one's still answers "lost").
        expect(paper!.verification_code, label).toBe(b.verification_code);
        for (const previous of JSON.parse(b.previous_numbers) as string[]) expect(numbers.get(previous)?.deposit_id, label).toBe(deposit.id);
        documentOf(b.scan_document_id, 'BILYET_SCAN', deposit);
        expect(b.issued_on! >= approvedOn.get(deposit.id)!, label).toBe(true);
        expect(b.issued_on! <= today(), label).toBe(true);
        if (deposit.bilyet_status === 'shipped') {
          expect(b.courier && b.awb && b.shipped_on, label).toBeTruthy();
          expect(b.shipped_on! >= b.issued_on!, label).toBe(true);
        }
        if (b.received_at !== null) {
          expect(b.received_by, label).toBeTruthy();
          expect(b.received_at >= (b.shipped_on ?? b.issued_on!) && b.received_at <= today(), label).toBe(true);
          if (b.handed_over_at_counter === 1) expect(b.shipped_on, label).toBeNull();
          if (b.receipt_document_id) documentOf(b.receipt_document_id, 'BILYET_RECEIPT', deposit);
        }
        if (deposit.bilyet_status === 'received') expect(b.received_at, label).not.toBeNull();
        if (deposit.bilyet_status === 'returned') {
          expect(b.returned_at! >= b.received_at! && b.returned_at! <= today(), label).toBe(true);
          if (b.return_document_id) documentOf(b.return_document_id, 'BILYET_RETURN', deposit);
        }
        if (deposit.bilyet_status === 'lost' || b.lost_on !== null) {
          expect(b.lost_reason && b.lost_on, label).toBeTruthy();
          expect(b.lost_on! <= today(), label).toBe(true);
          documentOf(b.statement_document_id, 'BILYET_LOSS_STATEMENT', deposit);
        }
        // A closed deposit was paid with its bilyet back or its loss on file.
        if (deposit.status === 'closed') expect(['returned', 'lost'], label).toContain(deposit.bilyet_status);
      }
      expect([...seen].sort(), name).toEqual(['issued', 'lost', 'none', 'received', 'returned', 'shipped']);
    }
  });

  it("a seeded bilyet's QR code verifies: in force while the customer holds it, void once lost or replaced", async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Demo Sejahtera');
    const verify = async (code: string) => (await t.call('GET', `/verifikasi/bilyet/${code}`, { headers: { accept: 'application/json' } })).body.data;
    const held = await db.selectFrom('deposits as d').innerJoin('bilyets as b', 'b.deposit_id', 'd.id').select(['b.verification_code', 'd.bilyet_number']).where('d.bank_id', '=', id).where('d.status', '=', 'active').where('d.bilyet_status', '=', 'received').executeTakeFirstOrThrow();
    expect(await verify(held.verification_code)).toMatchObject({ bilyetNumber: held.bilyet_number, inForce: true });
    const lost = await db.selectFrom('deposits as d').innerJoin('bilyets as b', 'b.deposit_id', 'd.id').select(['b.verification_code']).where('d.bank_id', '=', id).where('d.bilyet_status', '=', 'lost').executeTakeFirstOrThrow();
    expect((await verify(lost.verification_code)).inForce).toBe(false);
    // The reissued bilyet: the lost paper's number still answers, as no longer in force.
    const replaced = await db.selectFrom('bilyets').select(['deposit_id', 'previous_numbers']).where('bank_id', '=', id).where('previous_numbers', '!=', '[]').executeTakeFirstOrThrow();
    const old = await db.selectFrom('bilyet_numbers').select('verification_code').where('bank_id', '=', id).where('number', '=', (JSON.parse(replaced.previous_numbers) as string[])[0]!).executeTakeFirstOrThrow();
    expect(await verify(old.verification_code)).toMatchObject({ inForce: false });
  });

  it('every document is a real PDF: each stored file is in the file store and downloads through the API', async () => {
    const db = t.server.database.db;
    for (const [name, email] of [['BPR Demo Sejahtera', 'supervisor@bpr-demo.test'], ['BPR Lain Makmur', 'admin@bpr-lain.test']] as const) {
      const documents = await db.selectFrom('documents').selectAll().where('bank_id', '=', await bankId(name)).execute();
      const files = [...new Set(documents.map((document) => document.file_id))];
      expect(files.length, name).toBe(6);
      for (const file of files) expect(isPdf(await t.server.fileStore.get(file)), file).toBe(true);
      const stored = await db.selectFrom('stored_files').selectAll().where('id', 'in', files).execute();
      for (const document of documents) expect(document.size_bytes).toBe(stored.find((file) => file.id === document.file_id)!.size_bytes);
      const token = await t.login(email);
      const types = [...new Set(documents.map((document) => document.type))].sort();
      expect(types, name).toEqual(['BILYET_LOSS_STATEMENT', 'BILYET_RECEIPT', 'BILYET_RETURN', 'BILYET_SCAN', 'FORM', 'SIGNED_FORM']);
      for (const type of types) {
        const document = documents.find((row) => row.type === type)!;
        const response = await fetch(`${t.url}/api-v2-bpr/deposito/document/${document.id}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, type).toBe(200);
        expect(response.headers.get('content-type')).toContain('application/pdf');
        expect(isPdf(new Uint8Array(await response.arrayBuffer())), type).toBe(true);
      }
    }
  });

  it("a deposit's shipment status is its latest shipment's; every booked shipment is in the JNE sandbox; a typed resi has none", async () => {
    const db = t.server.database.db;
    const sandboxAwbs = new Set(
      (await (db as unknown as { selectFrom(table: 'sandbox_jne_shipments'): { select(column: 'awb'): { execute(): Promise<Array<{ awb: string }>> } } }).selectFrom('sandbox_jne_shipments').select('awb').execute()).map((row) => row.awb),
    );
    for (const name of BANKS) {
      const id = await bankId(name);
      const deposits = await depositsOf(name);
      const shipments = await db.selectFrom('shipments').selectAll().where('bank_id', '=', id).execute();
      const bilyets = new Map((await db.selectFrom('bilyets').selectAll().where('bank_id', '=', id).execute()).map((row) => [row.deposit_id, row]));
      const events = await db.selectFrom('shipment_events').selectAll().where('shipment_id', 'in', shipments.map((row) => row.id)).orderBy('at').orderBy('code').execute();
      const latest = latestByDeposit(shipments);
      for (const deposit of deposits) expect(deposit.shipment_status, deposit.deposit_number).toBe(latest.get(deposit.id)?.status ?? null);
      expect([...new Set(shipments.map((row) => row.status))].sort(), name).toEqual(['cancelled', 'delivered', 'failed', 'inTransit', 'pickedUp', 'requested']);
      for (const shipment of shipments) {
        expect(shipment.booked).toBe(1);
        expect(shipment.courier).toBe('JNE');
        expect(sandboxAwbs.has(shipment.awb), shipment.awb).toBe(true);
        const history = events.filter((event) => event.shipment_id === shipment.id);
        const bilyet = bilyets.get(shipment.deposit_id);
        const deposit = deposits.find((row) => row.id === shipment.deposit_id)!;
        if (shipment.status === 'requested' || shipment.status === 'cancelled') expect(history).toEqual([]);
        else expect(history.length, shipment.awb).toBeGreaterThan(0);
        if (!finishedShipmentStatuses.includes(shipment.status)) {
          // A live shipment carries the bilyet: shipped with this AWB.
          expect(deposit.bilyet_status).toBe('shipped');
          expect([bilyet?.courier, bilyet?.awb]).toEqual(['JNE', shipment.awb]);
        }
        if (shipment.status === 'delivered' && bilyet?.awb === shipment.awb && bilyet.received_at !== null) {
          expect(bilyet.received_by).toBe(shipment.receiver_name);
          expect(history.at(-1)!.code).toBe('D01');
        }
        if (shipment.status === 'failed') expect(history.at(-1)!.code).toBe('U01');
      }
      // A resi typed by hand: shipped with another courier, no shipment row of that AWB, nothing to track.
      const typed = deposits.filter((deposit) => deposit.bilyet_status === 'shipped' && bilyets.get(deposit.id)!.courier !== 'JNE');
      expect(typed.length, name).toBeGreaterThan(0);
      for (const deposit of typed) {
        expect(shipments.some((row) => row.awb === bilyets.get(deposit.id)!.awb)).toBe(false);
        expect(['cancelled', 'failed', null]).toContain(deposit.shipment_status);
      }
    }
  });

  it('tracking a seeded AWB through the JNE sandbox answers its stored history, and a live shipment is delivered as time passes', async () => {
    const db = t.server.database.db;
    const { client } = courierFromConfig(t.server.config, { db, clock: t.clock, auth: t.server.services.auth });
    const shipments = await db.selectFrom('shipments').selectAll().orderBy('created_at').execute();
    const live = shipments.filter((row) => !finishedShipmentStatuses.includes(row.status));
    const sample = [...live, ...shipments.filter((row) => finishedShipmentStatuses.includes(row.status)).filter((_, index) => index % 9 === 0)];
    for (const shipment of sample) {
      const tracking = await client.track(shipment.awb);
      // As far as it was tracked, or further by now for a live one.
      if (finishedShipmentStatuses.includes(shipment.status)) expect(tracking.status, shipment.awb).toBe(shipment.status);
      else if (tracking.status !== shipment.status) expect(trackedMove(shipment.status, tracking.status as never), `${shipment.awb} ${shipment.status} → ${tracking.status}`).not.toBeNull();
      if (shipment.status === 'cancelled') continue;
      const stored = await db.selectFrom('shipment_events').select(['at', 'code', 'description', 'location']).where('shipment_id', '=', shipment.id).orderBy('at').orderBy('code').execute();
      const seenThen = tracking.history.filter((event) => shipment.tracked_at !== null && event.at <= shipment.tracked_at);
      expect(stored, shipment.awb).toEqual(seenThen.map(({ at, code, description, location }) => ({ at, code, description, location })));
    }
    // Staff refreshing a live one in the app: the shipment as the sandbox has it now.
    const operatorToken = await t.login('operator@bpr-demo.test');
    const mainBank = await bankId('BPR Demo Sejahtera');
    for (const shipment of live.filter((row) => row.bank_id === mainBank)) {
      const refreshed = await t.call('GET', `/api-v2-bpr/jne/tracking?awb=${shipment.awb}`, { token: operatorToken });
      expect(refreshed.status, refreshed.text).toBe(200);
      expect([shipment.status, ...(['pickedUp', 'inTransit', 'delivered'] as const).filter((status) => trackedMove(shipment.status, status) !== null)]).toContain(refreshed.body.data.status);
    }
    const inTransit = live.find((row) => row.status === 'inTransit') as ShipmentRow;
    const customer = await db.selectFrom('deposits').select('customer_name').where('id', '=', inTransit.deposit_id).executeTakeFirstOrThrow();
    const started = t.clock.now().toISOString();
    try {
      t.clock.advance(2 * DAY);
      const later = await client.track(inTransit.awb);
      expect(later.status).toBe('delivered');
      expect(later.receiverName).toBe(customer.customer_name.toUpperCase());
    } finally {
      t.clock.set(started);
    }
  });

  it('signature requests: the deposit shows its latest; each has its form, a signed one its copy; a waiting one is open in the Privy sandbox', async () => {
    const db = t.server.database.db;
    const requests = await db.selectFrom('signature_requests').selectAll().execute();
    const documents = new Map((await db.selectFrom('documents').selectAll().where('type', 'in', ['FORM', 'SIGNED_FORM']).execute()).map((row) => [row.id, row]));
    expect([...new Set(requests.map((row) => row.status))].sort()).toEqual(['declined', 'expired', 'sent', 'signed']);
    expect(new Set(requests.map((row) => row.provider_document_id)).size).toBe(requests.length);
    const latest = latestByDeposit(requests);
    for (const name of BANKS) for (const deposit of await depositsOf(name)) expect(deposit.signature_status, deposit.deposit_number).toBe(latest.get(deposit.id)?.status ?? null);
    const sandboxDb = db as unknown as {
      selectFrom(table: 'sandbox_privy_documents'): { selectAll(): { execute(): Promise<Array<{ doc_token: string; signing_token: string; status: string; reference: string | null; signer_email: string; original: Buffer }>> } };
    };
    const sandbox = new Map((await sandboxDb.selectFrom('sandbox_privy_documents').selectAll().execute()).map((row) => [row.doc_token, row]));
    const privy = signatureFromConfig(t.server.config, { db, clock: t.clock, appendSignaturePage: async (original) => original });
    const waiting = requests.filter((row) => row.status === 'sent');
    expect(waiting.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(documents.get(request.document_id)?.type).toBe('FORM');
      expect(documents.get(request.document_id)?.deposit_id).toBe(request.deposit_id);
      if (request.status === 'signed') expect(documents.get(request.signed_document_id!)?.type).toBe('SIGNED_FORM');
      else expect(request.signed_document_id).toBeNull();
      expect(request.completed_at === null).toBe(request.status === 'sent');
      if (request.status !== 'sent') continue;
      expect(request.sent_on >= addDays(today(), -13), request.id).toBe(true);
      const row = sandbox.get(request.provider_document_id);
      expect(row?.status).toBe('sent');
      expect(row?.reference).toBe(request.id);
      expect(row?.signer_email).toBe(request.signer_email);
      expect(isPdf(row!.original)).toBe(true);
      expect(request.signing_url).toBe(`${t.server.config.publicUrl}/sandbox/privy/sign/${row!.signing_token}`);
    }
    for (const request of waiting) {
      // The signing link as the customer gets it, on the sandbox the server mounts.
      const page = await fetch(request.signing_url.replace(t.server.config.publicUrl, t.url));
      expect(page.status, request.signing_url).toBe(200);
      expect(await page.text()).toContain('Tanda tangani');
      expect((await privy.client.status(request.provider_document_id)).status).toBe('sent');
    }
    // And the app's own list of a deposit's requests asks Privy about the open one: still waiting.
    const open = waiting[0]!;
    const bank = await db.selectFrom('banks').select('name').where('id', '=', open.bank_id).executeTakeFirstOrThrow();
    const listed = await t.call('GET', `/api-v2-bpr/deposito/signature?depositId=${open.deposit_id}`, { token: await t.login(bank.name === 'BPR Lain Makmur' ? 'admin@bpr-lain.test' : 'operator@bpr-demo.test') });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.find((entry: { id: string }) => entry.id === open.id)).toMatchObject({ status: 'sent', signingUrl: open.signing_url, document: { type: 'FORM' } });
  });

  it('each track step is on the deposit\'s timeline, nothing after today, and the deposit\'s version counts them', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Demo Sejahtera');
    const deposits = await depositsOf('BPR Demo Sejahtera');
    const audit = await db.selectFrom('deposit_audit').selectAll().where('bank_id', '=', id).orderBy('at').orderBy('seq').orderBy('id').execute();
    const byDeposit = new Map<string, typeof audit>();
    for (const row of audit) byDeposit.set(row.deposit_id, [...(byDeposit.get(row.deposit_id) ?? []), row]);
    let journeys = 0;
    for (const deposit of deposits) {
      const rows = byDeposit.get(deposit.id)!;
      // Every step but the placement and a filed document gave the deposit a new version.
      expect(deposit.version, deposit.deposit_number).toBe(1 + rows.filter((row) => row.event !== 'deposit.create' && row.event !== 'document.upload').length);
      for (const row of rows.filter((entry) => !entry.event.startsWith('deposit.'))) {
        expect(row.from_status).toBe(row.to_status);
        expect(jakartaDate(new Date(row.at)) <= today()).toBe(true);
      }
      const events = rows.map((row) => row.event);
      if (deposit.bilyet_status !== 'none') expect(events, deposit.deposit_number).toContain('bilyet.issue');
      if (deposit.shipment_status === 'delivered' && deposit.bilyet_status === 'received') {
        const order = ['bilyet.issue', 'bilyet.ship', 'shipment.track', 'bilyet.receive'].map((event) => events.indexOf(event));
        expect(order.every((position, index) => position >= 0 && (index === 0 || position > order[index - 1]!)), `${deposit.deposit_number}: ${events.join(', ')}`).toBe(true);
        journeys += 1;
      }
      if (deposit.bilyet_status === 'returned') expect(events.indexOf('bilyet.return')).toBeGreaterThan(events.indexOf('bilyet.receive'));
      if (deposit.status === 'closed' && deposit.bilyet_status === 'returned') expect(events.indexOf('deposit.markPaid')).toBeGreaterThan(events.indexOf('bilyet.return'));
    }
    expect(journeys).toBeGreaterThan(0);
  });

  it('every step of Proses Dokumen has deposits in each demo bank', async () => {
    for (const name of BANKS) {
      const steps = new Set((await depositsOf(name)).flatMap((deposit) =>
        documentWorkStepsOf({ status: deposit.status, bilyetStatus: deposit.bilyet_status, shipmentStatus: deposit.shipment_status, signatureStatus: deposit.signature_status }),
      ));
      expect([...steps].sort(), name).toEqual(documentWorkSteps.map((step) => step.id).sort());
    }
  });

  it('GET /deposito/{id} of a deposit whose bilyet is with JNE shows the bilyet, its scan and the shipment with its history', async () => {
    const deposit = (await depositsOf('BPR Demo Sejahtera')).find((row) => row.shipment_status === 'inTransit')!;
    const token = await t.login('operator@bpr-demo.test');
    const detail = await t.call('GET', `/api-v2-bpr/deposito/${deposit.id}`, { token });
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data.bilyet.status).toBe('shipped');
    expect(data.bilyet.verificationCode).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    expect(data.bilyet.documents.map((document: { type: string }) => document.type)).toContain('BILYET_SCAN');
    expect(data.shipments[0].status).toBe('inTransit');
    expect(data.shipments[0].booked).toBe(true);
    expect(data.shipments[0].history.map((event: { code: string }) => event.code)).toEqual(['PU1', 'OP1']);
    expect(data.timeline.map((entry: { event: string }) => entry.event)).toEqual(expect.arrayContaining(['bilyet.issue', 'bilyet.ship']));
    const scan = await fetch(`${t.url}${data.bilyet.documents.find((document: { type: string }) => document.type === 'BILYET_SCAN').url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(scan.status).toBe(200);
  });

  it('a bilyet issued and waiting can be shipped with JNE from the app by a demo user', async () => {
    const deposit = (await depositsOf('BPR Demo Sejahtera')).find((row) => row.status === 'active' && row.bilyet_status === 'issued' && row.shipment_status === null)!;
    const form = new FormData();
    for (const [key, value] of Object.entries({ depositId: deposit.id, pickupDate: today(), pickupTime: '15:00' })) form.set(key, value);
    const booked = await t.call('POST', '/api-v2-bpr/jne/create-pickup', { token: await t.login('operator@bpr-demo.test'), form, headers: { 'Idempotency-Key': randomUUID() } });
    expect(booked.status, booked.text).toBe(201);
    expect((await t.server.database.db.selectFrom('deposits').select(['bilyet_status', 'shipment_status']).where('id', '=', deposit.id).executeTakeFirstOrThrow())).toEqual({ bilyet_status: 'shipped', shipment_status: 'requested' });
  });

  it('every payout waiting can be closed in the app: at most the bilyet\'s return, then marked paid', async () => {
    const db = t.server.database.db;
    const supervisor = await db.selectFrom('users').select('id').where('email', '=', 'supervisor@bpr-demo.test').executeTakeFirstOrThrow();
    const operator = { id: 'operator', role: 'OPERATOR' as const };
    const waiting = (await db.selectFrom('deposits').selectAll().where('status', 'in', ['matured', 'disbursing']).orderBy('deposit_number').execute());
    expect(waiting.filter((row) => row.status === 'disbursing' && row.bilyet_status === 'received').length).toBeGreaterThan(0);
    for (const row of waiting) {
      const label = `${row.deposit_number} ${row.status}/${row.bilyet_status}`;
      let bilyet: BilyetStatus = row.bilyet_status;
      if (bilyet === 'received') {
        const stored = await db.selectFrom('bilyets').selectAll().where('deposit_id', '=', row.id).executeTakeFirstOrThrow();
        const latestShipment = await db.selectFrom('shipments').select('status').where('deposit_id', '=', row.id).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
        const returned = decideBilyet(restoreBilyet(bilyet, bilyetContextOf(row, stored, (latestShipment?.status ?? null) as ShipmentStatus | null)), {
          type: 'bilyet.return',
          returnedAt: today(),
          actor: operator,
          today: today(),
        });
        expect(returned.ok, label).toBe(true);
        bilyet = 'returned';
      }
      expect(['none', 'returned', 'lost'], label).toContain(bilyet);
      const loaded = await loadDeposit(db, null, row.id);
      let snapshot = restoreDeposit(loaded.row.status, { ...loaded.context, bilyet });
      if (row.status === 'matured') {
        const requested = decide(snapshot, { type: 'deposit.requestDisbursement', actor: operator, today: today() });
        expect(requested.ok, label).toBe(true);
        if (requested.ok) snapshot = requested.snapshot;
      }
      const paid = decide(snapshot, { type: 'deposit.markPaid', reference: 'TRF-UJI', proofFileId: 'bukti', paidAt: today(), actor: { id: supervisor.id, role: 'SUPERVISOR' }, today: today() });
      expect(paid.ok ? 'ok' : paid.refusal.message, label).toBe('ok');
    }
    // And through the API, as staff would: record the return, then mark the transfer paid.
    const mainBank = await bankId('BPR Demo Sejahtera');
    const deposit = waiting.find((row) => row.bank_id === mainBank && row.status === 'disbursing' && row.bilyet_status === 'received')!;
    const form = (fields: Record<string, string>, file?: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      if (file) data.set(file, blob(new Uint8Array(samplePdf()), 'application/pdf'), 'bukti.pdf');
      return data;
    };
    const operatorToken = await t.login('operator@bpr-demo.test');
    const returned = await t.call('POST', '/api-v2-bpr/deposito/return-bilyet', { token: operatorToken, form: form({ depositId: deposit.id, returnedAt: today() }), headers: { 'Idempotency-Key': randomUUID() } });
    expect(returned.status, returned.text).toBe(200);
    const version = String(returned.body.data.version);
    const paid = await t.call('POST', '/api-v2-bpr/deposito/disbursement-paid', {
      token: await t.login('supervisor@bpr-demo.test'),
      form: form({ depositId: deposit.id, reference: 'TRF-DEMO-1', paidAt: today(), version }, 'proof'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(paid.status, paid.text).toBe(200);
    expect((await db.selectFrom('deposits').select('status').where('id', '=', deposit.id).executeTakeFirstOrThrow()).status).toBe('closed');
  });

  it('the plan is deterministic: the same inputs give the same rows', async () => {
    const db = t.server.database.db;
    const id = await bankId('BPR Lain Makmur');
    const products = (await listProducts(db, id)).map((product) => ({
      rules: productRules(product),
      name: product.name,
      interestPayment: product.interest_payment,
      instructionsAllowed: JSON.parse(product.instructions_allowed) as Array<'ARO' | 'ARO_PLUS' | 'PAYOUT'>,
    }));
    const input = {
      bankId: id,
      code: 'LM',
      depositCount: 120,
      customerCount: 90,
      products,
      operatorId: 'op',
      supervisorIds: ['sup-1', 'sup-2'],
      holidays: [],
      tax: { taxBps: 2000, thresholdRupiah: 7_500_000 },
      today: '2026-03-02',
      months: 18,
      seed: 7,
    };
    expect(planDemoDeposits(input)).toEqual(planDemoDeposits(input));
    expect(planDemoDeposits({ ...input, seed: 8 }).deposits[0]!.id).not.toBe(planDemoDeposits(input).deposits[0]!.id);
  });
});
