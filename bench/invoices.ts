/**
 * Issue 11's monthly invoice run for 100 banks (budget ≤ 30 s): issueMonthlyInvoices, as the
 * daily job's follow-up calls it on the 1st, over 100 banks of BENCH_INVOICE_DEPOSITS deposits
 * each (default 1,500: two thirds through a channel partner), billing October 2026. Also the
 * rerun (every bank already billed: what each later day's follow-up costs when a run is owed
 * again), and drawing the largest invoice's PDF to its last byte. Figures, never pass/fail.
 *
 *   npx tsx bench/invoices.ts [sqlite] [postgres]     SQLite; PostgreSQL too with BENCH_DATABASE_URL
 *   import { runInvoiceBenchmarks } from './invoices'  (from bench/run.ts)
 *
 * The dataset is made fresh each run (a few seconds): a migrated empty database, then per bank a
 * product, 50 customers and the deposits with their periods, written in multi-row INSERTs. Each
 * deposit is drawn from a fixed seed: running ones rolled over (ARO, ARO+ with a growing
 * principal) from a value date in the last year up to 5 November 2026, closed ones matured or
 * broken at some point of the last two years, a few matured or being paid out in October, and
 * some rejected; 65% through 'Komunal' (50 bps) or 'Mitra Tani Digital' (75 bps).
 */
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { addDays, addMonths, maturityDate } from '../machines/deposit-rules';
import { seededRandom } from '../server/demo/demo-random';
import { saveChannelPartner } from '../server/invoices/invoice-admin-service';
import { issueMonthlyInvoices } from '../server/invoices/invoice-run-service';
import { createInvoiceService } from '../server/invoices/invoice-service';
import { DEFAULT_PLATFORM_IDENTITY } from '../server/platform/config';
import { migrateToLatest } from '../server/platform/db/migrate';
import type { Database } from '../server/platform/db/schema';
import { pdfBytes } from '../server/platform/pdf/pdf-bytes';
import { withScratchDatabase } from './scratch-database';

type Log = (line: string) => void;

export interface InvoiceBenchFigures {
  dialect: 'sqlite' | 'postgres';
  banks: number;
  deposits: number;
  invoices: number;
  lines: number;
  runMs: number;
  rerunMs: number;
  pdfMs: number;
  pdfBytes: number;
  pdfLines: number;
}

const BANKS = Number(process.env.BENCH_INVOICE_BANKS ?? 100);
const DEPOSITS_PER_BANK = Number(process.env.BENCH_INVOICE_DEPOSITS ?? 1500);
const PERIOD = '2026-10';
const TODAY = '2026-11-05';
const BUDGET_MS = 30_000;
/** Parameters per statement stay under SQLite's 32,766 (and PostgreSQL's 65,535). */
const MAX_PARAMETERS = 30_000;

async function insertAll(db: Kysely<Database>, table: 'banks' | 'products' | 'customers' | 'deposits' | 'deposit_periods', rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length);
  for (let start = 0; start < rows.length; start += size) await db.insertInto(table).values(rows.slice(start, start + size) as never).execute();
}

/** The banks, their products, customers, deposits and periods (see the file comment). */
async function loadDataset(db: Kysely<Database>): Promise<number> {
  const random = seededRandom(20_261_101);
  const now = '2026-11-01T00:00:00.000Z';
  const banks: object[] = [];
  const products: object[] = [];
  const customers: object[] = [];
  const deposits: object[] = [];
  const periods: object[] = [];
  const amounts = [5_000_000, 10_000_000, 25_000_000, 50_000_000, 100_000_000, 250_000_000, 500_000_000];
  const dayIn = (from: string, to: string) => addDays(from, random.int(0, Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000))));
  for (let b = 0; b < BANKS; b += 1) {
    const bankId = random.id();
    const productId = random.id();
    banks.push({ id: bankId, name: `BPR Bench ${String(b + 1).padStart(3, '0')}`, ojk_license_number: null, npwp: `0${String(100_000_000_000_000 + b)}`, address: `Jl. Uji No. ${b + 1}, Bandung`, logo_file_id: null, created_at: now, updated_at: now });
    products.push({ id: productId, bank_id: bankId, code: 'DB', name: 'Deposito Berjangka', active: 1, visible: 1, min_amount: 1_000_000, max_amount: null, interest_payment: 'AT_MATURITY', instructions_allowed: '["ARO","ARO_PLUS","PAYOUT"]', penalty_bps: 50, forfeit_accrued_interest: 0, created_at: now, updated_at: now });
    const bankCustomers = Array.from({ length: 50 }, (_, c) => ({ id: random.id(), name: `Nasabah ${c + 1}`, nik: `3273${String(b).padStart(4, '0')}${String(c).padStart(8, '0')}` }));
    for (const customer of bankCustomers) {
      customers.push({ ...customer, bank_id: bankId, npwp: null, phone: null, email: null, address: null, payout_bank_name: null, payout_account_number: null, payout_account_name: null, created_at: now, updated_at: now });
    }
    for (let d = 0; d < DEPOSITS_PER_BANK; d += 1) {
      const id = random.id();
      const roll = random.next();
      const status = roll < 0.6 ? 'active' : roll < 0.9 ? 'closed' : roll < 0.93 ? 'matured' : roll < 0.95 ? 'disbursing' : roll < 0.97 ? 'breakRequested' : 'rejected';
      const tenor = random.pick([1, 3, 6, 12]);
      const instruction = status === 'active' || status === 'breakRequested' ? random.pick(['ARO', 'ARO_PLUS'] as const) : 'PAYOUT';
      let valueDate: string;
      if (status === 'active' || status === 'breakRequested') valueDate = dayIn(addMonths(TODAY, -12), TODAY);
      else if (status === 'closed') valueDate = dayIn(addMonths(TODAY, -26), addMonths(TODAY, -tenor - 1));
      else if (status === 'rejected') valueDate = dayIn('2026-10-01', '2026-10-31');
      else valueDate = addMonths(dayIn('2026-10-01', '2026-11-04'), -tenor);
      // Periods: rolled over while they end on or before today (ARO, ARO+); one otherwise.
      const spans: Array<{ start: string; end: string; amount: number }> = [];
      let start = valueDate;
      let amount = random.pick(amounts);
      for (;;) {
        const end = maturityDate(start, tenor);
        spans.push({ start, end, amount });
        if (instruction === 'PAYOUT' || end > TODAY) break;
        start = end;
        if (instruction === 'ARO_PLUS') amount = Math.round(amount * 1.004);
      }
      const last = spans[spans.length - 1]!;
      const broken = status === 'closed' && random.chance(0.2);
      const channel = random.chance(0.65) ? (random.chance(0.75) ? 'Komunal' : 'Mitra Tani Digital') : null;
      const customer = random.pick(bankCustomers);
      deposits.push({
        id, bank_id: bankId, deposit_number: `DEP-${b}-${String(d).padStart(5, '0')}`, customer_id: customer.id, customer_name: customer.name, customer_nik: customer.nik, product_id: productId,
        status, amount: last.amount, rate_bps: 575, tenor_months: tenor, placement_date: valueDate, deposit_date: valueDate, period_start: last.start, maturity_date: last.end,
        period_number: spans.length, maturity_instruction: instruction, interest_payment: 'AT_MATURITY', channel, bilyet_status: 'received', version: 1,
        break_date: broken ? dayIn(last.start, addDays(last.end, -1)) : null, disbursement_reason: status === 'closed' || status === 'disbursing' ? (broken ? 'broken' : 'matured') : null,
        close_reason: status === 'closed' ? (broken ? 'broken' : 'matured') : null, created_at: now, updated_at: now,
      });
      spans.forEach((span, index) =>
        periods.push({ id: random.id(), deposit_id: id, period_number: index + 1, period_start: span.start, maturity_date: span.end, amount: span.amount, rate_bps: 575, tenor_months: tenor, maturity_instruction: instruction, started_by: index === 0 ? 'placement' : 'rollover', created_at: now }),
      );
    }
  }
  await insertAll(db, 'banks', banks);
  await insertAll(db, 'products', products);
  await insertAll(db, 'customers', customers);
  await insertAll(db, 'deposits', deposits);
  await insertAll(db, 'deposit_periods', periods);
  for (const [code, name, feeBps] of [['Komunal', 'PT Komunal Finansial Indonesia', 50], ['Mitra Tani Digital', 'PT Mitra Tani Digital', 75]] as const) {
    await saveChannelPartner(db, { code, name, npwp: null, feeBps, effectiveFrom: '2020-01-01' }, now);
  }
  return deposits.length;
}

export async function runInvoiceBenchmarks(log: Log, dialect: 'sqlite' | 'postgres' = 'sqlite'): Promise<InvoiceBenchFigures> {
  return withScratchDatabase(dialect, 'invoices', async (database, migration) => {
    await migrateToLatest(database.db, migration);
    const loading = performance.now();
    const deposits = await loadDataset(database.db);
    log(`  dataset (${dialect}): ${BANKS} banks × ${DEPOSITS_PER_BANK.toLocaleString('en')} deposits = ${deposits.toLocaleString('en')} deposits, loaded in ${((performance.now() - loading) / 1000).toFixed(1)} s`);

    const clock = { now: () => new Date('2026-11-01T00:05:00+07:00') };
    const deps = { db: database.db, clock, seller: DEFAULT_PLATFORM_IDENTITY };
    let started = performance.now();
    const report = await issueMonthlyInvoices(deps, PERIOD);
    const runMs = performance.now() - started;
    started = performance.now();
    const rerun = await issueMonthlyInvoices(deps, PERIOD);
    const rerunMs = performance.now() - started;
    if (report.refused.length > 0 || rerun.issued !== 0) throw new Error(`unexpected run: ${JSON.stringify({ refused: report.refused.length, reissued: rerun.issued })}`);

    const largest = await database.db.selectFrom('invoices').select(['id', 'bank_id', 'line_count']).orderBy('line_count', 'desc').limit(1).executeTakeFirstOrThrow();
    const invoices = createInvoiceService({ db: database.db, clock });
    const draw = async () => pdfBytes((await invoices.document({ userId: 'bench', role: 'OPERATOR', bankId: largest.bank_id }, { id: largest.id })).doc);
    // Once untimed: the first document of a process parses the fonts (platform/pdf/fonts.ts).
    await draw();
    started = performance.now();
    const bytes = await draw();
    const pdfMs = performance.now() - started;

    const figures: InvoiceBenchFigures = { dialect, banks: BANKS, deposits, invoices: report.issued, lines: report.lines, runMs, rerunMs, pdfMs, pdfBytes: bytes.byteLength, pdfLines: Number(largest.line_count) };
    log(`  the run for ${PERIOD}: ${report.issued} invoices, ${report.lines.toLocaleString('en')} lines in ${(runMs / 1000).toFixed(2)} s (budget ≤ ${BUDGET_MS / 1000} s), ${(runMs / report.issued).toFixed(0)} ms a bank`);
    log(`  the same run again (every bank billed already, nothing written): ${rerunMs.toFixed(0)} ms`);
    log(`  the largest invoice's PDF (${figures.pdfLines.toLocaleString('en')} lines, ${(bytes.byteLength / 1024).toFixed(0)} KB) drawn to its last byte (fonts already parsed): ${pdfMs.toFixed(0)} ms`);
    return figures;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const asked = process.argv.slice(2);
  const dialects = (asked.length > 0 ? asked : ['sqlite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])]) as Array<'sqlite' | 'postgres'>;
  for (const dialect of dialects) await runInvoiceBenchmarks((line) => console.log(line), dialect);
}
