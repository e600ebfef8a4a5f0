import { findBankAddress } from '../auth/bank-repository';
import { formatBankAddress } from '../../contract/geography';
import type { Kysely } from 'kysely';
import { rebuildStatusCounts } from '../deposits/deposit-repository';
import { getDepositSettings, instructionsAllowed, listProducts, productRules } from '../products/product-service';
import type { Database, StoredFileRow } from '../platform/db/schema';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { FileStore } from '../platform/files/file-store';
import { storedFileRow } from '../platform/files/uploads';
import type { JneSandboxTables } from '../courier/jne-sandbox';
import type { PrivySandboxTables } from '../signature/privy-sandbox';
import { planDemoDeposits, type DemoProduct, type DemoRows } from './demo-deposits-plan';
import { drawDemoFiles } from './demo-files';

/**
 * Demo deposits for the demo banks on a first start (and `npm run db:seed`): about 2,000 for BPR
 * Demo Sejahtera and 300 for BPR Lain Makmur, placed over the last 18 months and played through
 * the lifecycle up to today (demo-deposits-plan.ts), with their bilyets, documents, shipments and
 * signature requests (demo-tracks-plan.ts) and the JNE and Privy sandboxes' rows behind them.
 * The documents' bytes are a few PDFs per bank (demo-files.ts), stored once in the file store.
 * Written in one transaction per bank with multi-row inserts, and only for a bank that has no
 * deposit yet, so a second seed changes nothing.
 */
export const DEMO_DEPOSIT_BANKS: ReadonlyArray<{ name: string; code: string; deposits: number; customers: number; seed: number }> = [
  { name: 'BPR Demo Sejahtera', code: 'DS', deposits: 2000, customers: 1500, seed: 20_260_101 },
  { name: 'BPR Lain Makmur', code: 'LM', deposits: 300, customers: 230, seed: 20_260_202 },
];

const DEMO_HISTORY_MONTHS = 18;

interface DemoDepositsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Where the documents' files go (FILE_STORE). */
  fileStore: FileStore;
  /** PUBLIC_URL: the Privy sandbox's signing links point there. */
  publicUrl?: string;
  /** Override the bank list (tests use smaller banks). */
  banks?: typeof DEMO_DEPOSIT_BANKS;
}

/** Seeds each demo bank that has no deposits; returns a line per bank seeded. */
export async function seedDemoDeposits(deps: DemoDepositsDeps): Promise<string[]> {
  const now = deps.clock.now();
  const today = jakartaDate(now);
  const created: string[] = [];
  for (const demo of deps.banks ?? DEMO_DEPOSIT_BANKS) {
    const bank = await deps.db.selectFrom('banks').select(['id', 'name', 'address']).where('name', '=', demo.name).executeTakeFirst();
    if (!bank) continue;
    const existing = await deps.db.selectFrom('deposits').select('id').where('bank_id', '=', bank.id).limit(1).executeTakeFirst();
    if (existing) continue;
    const products: DemoProduct[] = (await listProducts(deps.db, bank.id)).map((product) => ({
      rules: productRules(product),
      name: product.name,
      interestPayment: product.interest_payment,
      instructionsAllowed: instructionsAllowed(product),
    }));
    if (!products.some((product) => product.rules.active && product.rules.rates.length > 0)) continue;
    const users = await deps.db.selectFrom('users').select(['id', 'role', 'email', 'name', 'phone', 'password_changed_at']).where('bank_id', '=', bank.id).orderBy('email').execute();
    // The operator at work is one who can sign in (not the demo account with an expired password).
    const operators = users.filter((user) => user.role === 'OPERATOR').sort((a, b) => b.password_changed_at.localeCompare(a.password_changed_at) || a.email.localeCompare(b.email));
    const operator = operators[0] ?? users[0];
    const supervisors = users.filter((user) => user.role === 'SUPERVISOR' || user.role === 'ADMIN');
    if (!operator || supervisors.length === 0) continue;
    const settings = await getDepositSettings(deps.db, bank.id);
    // The picked areas, when the bank has them: the demo shipments' sender and the letterheads name them.
    const place = await findBankAddress(deps.db, bank.id);
    const courierLine = place?.city ? [place.street, place.city, [place.province, place.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : bank.address;
    const letterheadLine = place?.city ? formatBankAddress(place) : bank.address;
    const rows = planDemoDeposits({
      bankId: bank.id,
      code: demo.code,
      depositCount: demo.deposits,
      customerCount: demo.customers,
      products,
      operatorId: operator.id,
      supervisorIds: supervisors.map((user) => user.id),
      holidays: settings.holidays,
      tax: { taxBps: settings.taxBps, thresholdRupiah: settings.taxThreshold },
      today,
      months: DEMO_HISTORY_MONTHS,
      seed: demo.seed,
      now: now.toISOString(),
      ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
      bankName: bank.name,
      ...(courierLine ? { bankAddress: courierLine } : {}),
      ...(operator.phone ? { bankContact: { name: operator.name, phone: operator.phone } } : {}),
    });
    const drawn = await drawDemoFiles({ name: bank.name, address: letterheadLine ?? '' }, now);
    const files = rows.tracks.files.map(({ id, kind }) => ({ row: storedFileRow({ name: `contoh-${kind}.pdf`, bytes: drawn[kind] }, 'application/pdf', 'document', now.toISOString(), id), bytes: drawn[kind] }));
    // As storeUploads does: bytes outside the database first, removed again if the transaction fails.
    try {
      for (const file of files) await deps.fileStore.putBeforeTransaction(file.row.id, file.bytes);
      await deps.db.transaction().execute(async (trx) => {
        await insertDemoRows(trx, rows, { fileStore: deps.fileStore, files });
      });
    } catch (error) {
      await Promise.all(files.map((file) => deps.fileStore.delete(file.row.id)));
      throw error;
    }
    await rebuildStatusCounts(deps.db, bank.id);
    created.push(`${demo.name}: ${rows.deposits.length} deposito demo`);
  }
  return created;
}

/** Parameters per statement stay under SQLite's 32,766 (and PostgreSQL's 65,535). */
const MAX_PARAMETERS = 30_000;

async function insertChunked<D, T extends keyof D & string>(db: Kysely<D>, table: T, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  for (let start = 0; start < rows.length; start += size) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + size) as never)
      .execute();
  }
}

interface DemoStoredFiles {
  fileStore: FileStore;
  /** The bank's files (rows.tracks.files) with their bytes. */
  files: Array<{ row: StoredFileRow; bytes: Uint8Array }>;
}

/** Foreign keys first: customers, deposits, then what hangs off a deposit; the stored files before their documents. */
async function insertDemoRows(db: Kysely<Database>, rows: DemoRows, stored: DemoStoredFiles): Promise<void> {
  const { tracks } = rows;
  const files = new Map(stored.files.map((file) => [file.row.id, file]));
  await insertChunked(db, 'customers', rows.customers);
  await insertChunked(db, 'deposits', rows.deposits);
  await insertChunked(db, 'deposit_periods', rows.periods);
  await insertChunked(db, 'interest_installments', rows.installments);
  await insertChunked(db, 'disbursements', rows.disbursements);
  await insertChunked(db, 'change_requests', rows.changeRequests);
  await insertChunked(db, 'deposit_audit', rows.audit);
  await insertChunked(db, 'aro_letters', rows.aroLetters);
  for (const file of stored.files) {
    await db.insertInto('stored_files').values(file.row).execute();
    await stored.fileStore.putInTransaction(db, file.row.id, file.bytes);
  }
  await insertChunked(db, 'documents', tracks.documents.map((document) => ({ ...document, size_bytes: files.get(document.file_id)!.row.size_bytes })));
  await insertChunked(db, 'bilyets', tracks.bilyets);
  await insertChunked(db, 'bilyet_numbers', tracks.bilyetNumbers);
  await insertChunked(db, 'shipments', tracks.shipments);
  await insertChunked(db, 'shipment_events', tracks.shipmentEvents);
  await insertChunked(db, 'signature_requests', tracks.signatureRequests);
  // The sandboxes' own tables (migration 0008), outside the Database type as in their modules.
  const sandboxes = db as unknown as Kysely<Database & JneSandboxTables & PrivySandboxTables>;
  await insertChunked(sandboxes, 'sandbox_jne_shipments', tracks.sandboxJneShipments);
  const form = stored.files.find((file) => file.row.original_name === 'contoh-form.pdf');
  if (tracks.sandboxPrivyDocuments.length > 0 && !form) throw new Error('demo: the Privy sandbox documents need the bank\'s form');
  await insertChunked(
    sandboxes,
    'sandbox_privy_documents',
    tracks.sandboxPrivyDocuments.map((document) => ({ ...document, original: Buffer.from(form!.bytes), signed: null })),
  );
}
