import type { Kysely } from 'kysely';
import { accountingSettingsSchema, journalQuerySchema, journalSummaryQuerySchema, type AccountingSettings, type JournalAnswer, type JournalEntry, type JournalSummary } from '../../contract/ledger';
import { addDays, formatDateId, formatRupiah, type IsoDate } from '../../machines/deposit-rules';
import { ACCOUNT_ROLES, accountFor, accountRoleLabels, ledgerEventLabels, mappingProblems, postingLines, totals, type AccountMapping, type AccountRole } from '../../machines/ledger-rules';
import { actorName, type StaffActor } from '../platform/actor';
import { insertBankAudit } from '../platform/bank-audit';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { csvLine } from '../platform/csv';
import type { Database } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import { xlsxDownloadHeaders } from '../platform/xlsx/xlsx-stream';
import { xlsxWorkbookWebStream, type XlsxTable } from '../platform/xlsx/xlsx-workbook';
import type { ReportService } from '../reports/report-service';
import { accruedWithin, accruingInstallment, breakEntry, deriveJournal, type DerivedEntry } from './journal';
import { accruingIn, aroPlusAcrossEdge, breaksIn, detailIn, productsOf } from './journal-repository';
import type { OffloadedReads } from '../platform/db/offloaded-reads';
import { findAccountingSettings, saveAccountingSettings } from './accounting-settings-repository';

/**
 * The bank's ledger (API.md "The bank's ledger"): the chart of accounts it maps (ADMIN, audited),
 * the journal of a day or a month — json for screens, xlsx and CSV for the core banking's import,
 * with the deposit-level detail behind each summed line — and the month's summary with DOMAIN.md's
 * checks, each failing one saying by how much and where.
 */

/** Accounts whose balance grows by credits (owed by the bank, or its income); the others grow by debits. */
const CREDIT_NORMAL: ReadonlySet<AccountRole> = new Set(['depositLiability', 'interestPayable', 'taxPayable', 'penaltyIncome', 'payoutClearing']);

const EVENT_CODES: Record<DerivedEntry['event']['kind'], string> = {
  placement: 'PLC',
  accrual: 'AKR',
  installmentPosted: 'BNG',
  aroPlusRollover: 'ARO',
  breakSettled: 'CBS',
  breakTransferred: 'CBT',
  maturityPaid: 'CJT',
};

type Db = Kysely<Database>;

export function createLedgerService(deps: { db: Db; reads: OffloadedReads; clock: Clock; reports: Pick<ReportService, 'positionByProduct' | 'withheldTax'> }) {
  const { db, clock } = deps;
  const source = { db, reads: deps.reads };
  const today = () => jakartaDate(clock.now());

  async function mappingOf(bankId: string): Promise<AccountMapping | null> {
    const row = await findAccountingSettings(db, bankId);
    return row ? { accounts: JSON.parse(row.accounts) as AccountMapping['accounts'], byProduct: JSON.parse(row.by_product) as AccountMapping['byProduct'] } : null;
  }

  /** The range a query asks: one day, or a month up to today (a running month has no future). */
  function rangeOf(query: { date?: string | undefined; period?: string | undefined }): { from: IsoDate; to: IsoDate } {
    const now = today();
    if (query.date) {
      if (query.date > now) throw new ValidationError(['Tanggal jurnal tidak boleh setelah hari ini.']);
      return { from: query.date, to: query.date };
    }
    const from = `${query.period!}-01`;
    if (from > now) throw new ValidationError(['Periode jurnal tidak boleh setelah bulan ini.']);
    const last = addDays(`${addMonthText(query.period!)}-01`, -1);
    return { from, to: last < now ? last : now };
  }

  async function journalOf(bankId: string, from: IsoDate, to: IsoDate) {
    const [derived, mapping, products] = await Promise.all([deriveJournal(source, bankId, from, to), mappingOf(bankId), productsOf(db, bankId)]);
    const codeOf = productCodes(products);
    const nameOf = new Map(products.map((product) => [product.id, product.name]));
    const entries: JournalEntry[] = derived.entries.map((entry) => {
      const reference = entry.depositNumber ?? codeOf.get(entry.productId) ?? entry.productId;
      return {
        entryId: entryIdOf(entry.date, entry.event.kind, reference),
        date: entry.date,
        event: entry.event.kind,
        eventLabel: ledgerEventLabels[entry.event.kind],
        reference,
        deposits: entry.deposits,
        lines: postingLines(entry.event).map((line) => ({
          account: accountFor(mapping, line.role, entry.productId),
          role: line.role,
          debit: line.debit,
          credit: line.credit,
          productId: entry.productId,
          memo: `${ledgerEventLabels[entry.event.kind]} · ${nameOf.get(entry.productId) ?? ''}${entry.depositNumber ? ` · ${entry.depositNumber}` : entry.deposits > 0 ? ` · ${entry.deposits} deposito` : ''}`,
        })),
      };
    });
    return { derived, entries, mapping, codeOf, nameOf };
  }

  function answerOf(from: IsoDate, to: IsoDate, entries: JournalEntry[]): JournalAnswer {
    return { from, to, entries, totals: totals(entries.flatMap((entry) => entry.lines)) };
  }

  return {
    /** GET /bpr/accounting-settings */
    async settings(actor: StaffActor): Promise<AccountingSettings> {
      const [row, products] = await Promise.all([findAccountingSettings(db, actor.bankId), productsOf(db, actor.bankId)]);
      const mapping: AccountMapping | null = row ? { accounts: JSON.parse(row.accounts), byProduct: JSON.parse(row.by_product) } : null;
      return {
        accounts: mapping?.accounts ?? {},
        byProduct: mapping?.byProduct ?? {},
        roles: ACCOUNT_ROLES.map((role) => ({ role, label: accountRoleLabels[role], account: accountFor(mapping, role, null), mapped: Boolean(mapping?.accounts[role]) })),
        products: products.map((product) => ({ id: product.id, name: product.name })),
        updatedAt: row?.updated_at ?? null,
        updatedBy: row ? { id: row.updated_by, name: actorName(row.updated_by, row.updated_by_name) } : null,
      };
    },

    /** PUT /bpr/accounting-settings: ADMIN only; every problem said at once; audited with before and after. */
    async saveSettings(actor: StaffActor, body: unknown): Promise<AccountingSettings> {
      if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', 'Hanya admin yang dapat mengubah pemetaan akun.');
      const parsed = parseOrThrow(accountingSettingsSchema, body);
      const mapping: AccountMapping = {
        accounts: Object.fromEntries(Object.entries(parsed.accounts).filter(([, code]) => code !== '')),
        byProduct: Object.fromEntries(
          Object.entries(parsed.byProduct).map(([productId, codes]) => [productId, Object.fromEntries(Object.entries(codes).filter(([, code]) => code !== undefined && code !== ''))]),
        ),
      };
      const products = await productsOf(db, actor.bankId);
      // The rules name a product by its id; staff know it by its name.
      const problems = mappingProblems(mapping, products.map((product) => product.id)).map((problem) => products.reduce((text, product) => text.replaceAll(product.id, product.name), problem));
      if (problems.length > 0) throw new ValidationError(problems);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const before = await findAccountingSettings(trx, actor.bankId);
        await saveAccountingSettings(trx, { bank_id: actor.bankId, accounts: JSON.stringify(mapping.accounts), by_product: JSON.stringify(mapping.byProduct), updated_at: now, updated_by: actor.userId });
        await insertBankAudit(trx, {
          bankId: actor.bankId,
          actorId: actor.userId,
          at: now,
          subject: 'accounting-settings',
          subjectId: actor.bankId,
          event: 'accountingSettings.update',
          payload: { before: before ? { accounts: JSON.parse(before.accounts), byProduct: JSON.parse(before.by_product) } : null, after: mapping },
        });
      });
      return this.settings(actor);
    },

    /** GET /report/journal as json. */
    async journal(actor: StaffActor, query: Record<string, unknown>): Promise<JournalAnswer> {
      const parsed = parseOrThrow(journalQuerySchema, query);
      const { from, to } = rangeOf(parsed);
      return answerOf(from, to, (await journalOf(actor.bankId, from, to)).entries);
    },

    /** GET /report/journal as xlsx (the journal and its detail per deposit) or CSV (the journal; `detail=true`: the detail), streamed. */
    async journalFile(actor: StaffActor, query: Record<string, unknown>): Promise<{ headers: Record<string, string>; body: ReadableStream<Uint8Array> }> {
      const parsed = parseOrThrow(journalQuerySchema, query);
      const { from, to } = rangeOf(parsed);
      const stem = `jurnal-${parsed.date ?? parsed.period}`;
      const csvFile = (name: string, text: AsyncGenerator<string>) => ({
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'private, no-store' },
        body: textStream(text),
      });
      if (parsed.format === 'csv' && parsed.detail === 'true') {
        // The detail needs the products' codes and the breaks, not the journal's sums: it is read
        // without deriving the journal first.
        const codeOf = productCodes(await productsOf(db, actor.bankId));
        async function* text(): AsyncGenerator<string> {
          yield csvLine(['entryId', 'tanggal', 'peristiwa', 'nomorDeposito', 'nasabah', 'produk', 'jenisNilai', 'nilai']);
          const breaks = (await breaksIn(source, actor.bankId, from, to)).map(breakEntry);
          for await (const rows of detailRows(source, actor.bankId, from, to, breaks, codeOf)) yield rows.map((row) => csvLine([row.entryId, row.date, row.event, row.depositNumber, row.customerName, row.product, row.what, row.amount])).join('');
        }
        return csvFile(`${stem}-rincian.csv`, text());
      }
      const { derived, entries, codeOf } = await journalOf(actor.bankId, from, to);
      const lines = entries.flatMap((entry) => entry.lines.map((line) => ({ entry, line })));
      if (parsed.format === 'csv') {
        async function* text(): AsyncGenerator<string> {
          yield csvLine(['entryId', 'tanggal', 'peristiwa', 'referensi', 'akun', 'debit', 'kredit', 'keterangan']);
          for (const { entry, line } of lines) yield csvLine([entry.entryId, entry.date, entry.eventLabel, entry.reference, line.account, line.debit, line.credit, line.memo]);
        }
        return csvFile(`${stem}.csv`, text());
      }
      const detail = () => detailRows(source, actor.bankId, derived.from, derived.to, derived.entries.filter((entry) => entry.depositNumber !== null), codeOf);
      type LineRow = (typeof lines)[number];
      type DetailRow = JournalDetailRow;
      const tables: Array<XlsxTable<never>> = [
        {
          sheetName: 'Jurnal',
          preamble: [`Jurnal ${from === to ? from : `${from} s.d. ${to}`}`],
          columns: [
            { header: 'ID Jurnal', kind: 'text', width: 30, value: (row: LineRow) => row.entry.entryId },
            { header: 'Tanggal', kind: 'date', value: (row: LineRow) => row.entry.date },
            { header: 'Peristiwa', kind: 'text', width: 28, value: (row: LineRow) => row.entry.eventLabel },
            { header: 'Referensi', kind: 'text', width: 22, value: (row: LineRow) => row.entry.reference },
            { header: 'Akun', kind: 'text', width: 24, value: (row: LineRow) => row.line.account },
            { header: 'Debit', kind: 'rupiah', value: (row: LineRow) => row.line.debit },
            { header: 'Kredit', kind: 'rupiah', value: (row: LineRow) => row.line.credit },
            { header: 'Keterangan', kind: 'text', width: 48, value: (row: LineRow) => row.line.memo },
          ],
          rows: lines,
        } as unknown as XlsxTable<never>,
        {
          sheetName: 'Rincian per deposito',
          preamble: ['Rincian per deposito di balik setiap baris jurnal'],
          columns: [
            { header: 'ID Jurnal', kind: 'text', width: 30, value: (row: DetailRow) => row.entryId },
            { header: 'Tanggal', kind: 'date', value: (row: DetailRow) => row.date },
            { header: 'Peristiwa', kind: 'text', width: 28, value: (row: DetailRow) => row.event },
            { header: 'Nomor Deposito', kind: 'text', width: 22, value: (row: DetailRow) => row.depositNumber },
            { header: 'Nasabah', kind: 'text', width: 28, value: (row: DetailRow) => row.customerName },
            { header: 'Produk', kind: 'text', width: 16, value: (row: DetailRow) => row.product },
            { header: 'Jenis Nilai', kind: 'text', width: 16, value: (row: DetailRow) => row.what },
            { header: 'Nilai', kind: 'rupiah', value: (row: DetailRow) => row.amount },
          ],
          rows: detail(),
        } as unknown as XlsxTable<never>,
      ];
      return { headers: xlsxDownloadHeaders(`${stem}.xlsx`), body: xlsxWorkbookWebStream(tables) };
    },

    /** GET /report/journal/summary: per account opening, debit, credit, closing; and DOMAIN.md's checks. */
    async summary(actor: StaffActor, query: Record<string, unknown>): Promise<JournalSummary> {
      const parsed = parseOrThrow(journalSummaryQuerySchema, query);
      const { from, to } = rangeOf({ period: parsed.period });
      // The journal first, the reports' figures after it: run side by side they held their batches
      // in memory together, for no time gained (on SQLite they queue for the same read connection).
      const { derived, entries, mapping, nameOf } = await journalOf(actor.bankId, from, to);
      const [positionBefore, positionAfter, withheld, acrossEdge] = await Promise.all([
        deps.reports.positionByProduct(actor.bankId, addDays(from, -1)),
        deps.reports.positionByProduct(actor.bankId, to),
        deps.reports.withheldTax(actor.bankId, from, to),
        aroPlusAcrossEdge(db, actor.bankId, from, to),
      ]);
      const lines = entries.flatMap((entry) => entry.lines);
      const sumOf = (role: AccountRole, side: 'debit' | 'credit', productId?: string) =>
        lines.filter((line) => line.role === role && (productId === undefined || line.productId === productId)).reduce((sum, line) => sum + line[side], 0);
      const total = (values: Iterable<number>) => [...values].reduce((sum, value) => sum + value, 0);
      const opening: Partial<Record<AccountRole, number>> = { depositLiability: total(positionBefore.values()), interestPayable: total(derived.payableOpening.values()) };
      const accounts = ACCOUNT_ROLES.map((role) => {
        const debit = sumOf(role, 'debit');
        const credit = sumOf(role, 'credit');
        const open = opening[role] ?? 0;
        return { role, account: accountFor(mapping, role, null), label: accountRoleLabels[role], opening: open, debit, credit, closing: CREDIT_NORMAL.has(role) ? open + credit - debit : open + debit - credit };
      });
      const closingOf = (role: AccountRole) => accounts.find((account) => account.role === role)!.closing;
      const all = totals(lines);

      const productIds = new Set([...positionBefore.keys(), ...positionAfter.keys(), ...lines.filter((line) => line.role === 'depositLiability').map((line) => line.productId!)]);
      const liabilityGaps = [...productIds].flatMap((productId) => {
        const journal = (positionBefore.get(productId) ?? 0) + sumOf('depositLiability', 'credit', productId) - sumOf('depositLiability', 'debit', productId);
        const position = positionAfter.get(productId) ?? 0;
        return journal === position ? [] : [`${nameOf.get(productId) ?? productId}: posisi ${formatRupiah(position)}, jurnal ${formatRupiah(journal)}`];
      });
      const payableGaps = [...new Set([...derived.payableClosing.keys(), ...derived.payableOpening.keys()])].flatMap((productId) => {
        const journal = (derived.payableOpening.get(productId) ?? 0) + sumOf('interestPayable', 'credit', productId) - sumOf('interestPayable', 'debit', productId);
        const accrued = derived.payableClosing.get(productId) ?? 0;
        return journal === accrued ? [] : [`${nameOf.get(productId) ?? productId}: akrual ${formatRupiah(accrued)}, jurnal ${formatRupiah(journal)}`];
      });
      const check = (expected: number, actual: number, gaps: string[], okText: string) => ({
        ok: expected === actual && gaps.length === 0,
        expected,
        actual,
        difference: actual - expected,
        detail: expected === actual && gaps.length === 0 ? okText : gaps.length > 0 ? gaps.join('; ') : `Selisih ${formatRupiah(Math.abs(actual - expected))}.`,
      });
      const unbalanced = entries.filter((entry) => !isBalancedEntry(entry)).map((entry) => entry.entryId);
      return {
        period: parsed.period,
        from,
        to,
        accounts,
        checks: {
          balanced: check(all.debit, all.credit, unbalanced.length > 0 ? [`Jurnal tidak seimbang: ${unbalanced.slice(0, 5).join(', ')}`] : [], 'Setiap jurnal seimbang: debit sama dengan kredit.'),
          liabilityEqualsPosition: check(total(positionAfter.values()), closingOf('depositLiability'), liabilityGaps, `Kewajiban deposito sama dengan Posisi Deposito per ${formatDateId(to)}.`),
          payableEqualsAccrued: check(total(derived.payableClosing.values()), closingOf('interestPayable'), payableGaps, `BYMHD sama dengan bunga berjalan yang belum dibayar per ${formatDateId(to)}.`),
          taxEqualsReport: check(
            withheld,
            sumOf('taxPayable', 'credit'),
            withheld === sumOf('taxPayable', 'credit')
              ? []
              : acrossEdge.map(
                  (row) =>
                    `ARO+ ${row.deposit_number} dikapitalisasi ${formatDateId(row.paid_at)} (PPh ${formatRupiah(row.tax)} di jurnal tanggal itu), tanggal bayar bunganya ${formatDateId(row.pay_date)} (di laporan Bunga dan PPh tanggal itu)`,
                ),
            `Utang PPh bulan ini sama dengan laporan Bunga dan PPh.`,
          ),
        },
      };
    },
  };
}

function isBalancedEntry(entry: JournalEntry): boolean {
  const sums = totals(entry.lines);
  return sums.debit === sums.credit;
}

/** 'YYYY-MM' of the month after `period`. */
function addMonthText(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

const AMOUNT_LABELS: Record<string, string> = { principal: 'Pokok', gross: 'Bunga bruto', tax: 'PPh', net: 'Bunga neto', interest: 'Bunga', forfeited: 'Bunga hangus', penalty: 'Penalti', accrued: 'Akrual' };

function entryIdOf(date: string, kind: DerivedEntry['event']['kind'], reference: string): string {
  return `${date.replaceAll('-', '')}-${EVENT_CODES[kind]}-${reference}`;
}

interface JournalDetailRow {
  entryId: string;
  date: string;
  event: string;
  depositNumber: string;
  customerName: string;
  product: string;
  what: string;
  amount: number;
}

/**
 * The deposits behind the journal's lines, in batches: each summed line's deposits with their
 * amounts, each break's own figures, and what each installment accrued over the range (the
 * accrual is summed per product and day; its detail is per installment for the whole range).
 */
async function* detailRows(source: { db: Db; reads: OffloadedReads }, bankId: string, from: IsoDate, to: IsoDate, breaks: readonly DerivedEntry[], codeOf: ReadonlyMap<string, string>): AsyncGenerator<JournalDetailRow[]> {
  const product = (productId: string) => codeOf.get(productId) ?? productId;
  for await (const rows of detailIn(source, bankId, from, to)) {
    yield rows.flatMap((row) => {
      const entryId = entryIdOf(row.date, row.kind, product(row.product_id));
      const base = { entryId, date: row.date, event: ledgerEventLabels[row.kind], depositNumber: row.deposit_number, customerName: row.customer_name, product: product(row.product_id) };
      const amounts: Array<[string, number]> = row.kind === 'installmentPosted' || row.kind === 'aroPlusRollover' ? [['gross', row.amount], ['tax', row.tax], ['net', row.net]] : [['principal', row.amount]];
      return amounts.filter(([, amount]) => amount !== 0).map(([what, amount]) => ({ ...base, what: AMOUNT_LABELS[what]!, amount }));
    });
  }
  if (breaks.length > 0) {
    yield breaks.flatMap((entry) =>
      Object.entries(entry.event)
        .filter(([key, amount]) => key !== 'kind' && typeof amount === 'number' && amount !== 0)
        .map(([key, amount]) => ({ entryId: entryIdOf(entry.date, entry.event.kind, entry.depositNumber!), date: entry.date, event: ledgerEventLabels[entry.event.kind], depositNumber: entry.depositNumber!, customerName: entry.customerName ?? '', product: product(entry.productId), what: AMOUNT_LABELS[key] ?? key, amount: amount as number })),
    );
  }
  const accrualId = (productId: string) => `${from.replaceAll('-', '')}-${to.replaceAll('-', '')}-AKR-${product(productId)}`;
  for await (const rows of accruingIn(source, bankId, addDays(from, -1), to)) {
    yield rows.flatMap((row) => {
      const amount = accruedWithin(accruingInstallment(row), from, to);
      return amount > 0 ? [{ entryId: accrualId(row.product_id), date: to, event: 'Akrual bunga (jumlah periode)', depositNumber: row.deposit_number, customerName: row.customer_name, product: product(row.product_id), what: AMOUNT_LABELS.accrued!, amount }] : [];
    });
  }
}

/** The name an entry's reference gives a product: its code, or its name when it has none. */
function productCodes(products: ReadonlyArray<{ id: string; code: string | null; name: string }>): Map<string, string> {
  return new Map(products.map((product) => [product.id, product.code ?? product.name]));
}

/** A web stream of UTF-8 text pulled from `parts` as the reader asks. */
function textStream(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

export type LedgerService = ReturnType<typeof createLedgerService>;
