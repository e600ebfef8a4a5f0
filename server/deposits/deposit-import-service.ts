import { sql, type Kysely } from 'kysely';
import { createCustomerSchema } from '../../contract/customers';
import {
  DEPOSIT_IMPORT_FILE_FIELD,
  DEPOSIT_IMPORT_MAX_ERRORS,
  depositImportFieldsSchema,
  depositImportListQuerySchema,
  type DepositImportError,
  type DepositImportResult,
  type DepositImportSummary,
} from '../../contract/deposit-import';
import { depositContext, scheduleFor } from '../../machines/deposit';
import { formatDateId, isAfter, type IsoDate } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import { inJoinedTransaction } from '../platform/db/ambient-transaction';
import { isSqlite } from '../platform/db/dialect';
import type { CustomerRow, Database, NewAuditRow, NewDeposit, NewDepositPeriod } from '../platform/db/schema';
import { insertInChunks } from '../platform/db/bulk-inserts';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { ServiceError, ValidationError } from '../platform/errors';
import type { Upload } from '../platform/files/uploads';
import { pageOf, type Page } from '../platform/paging';
import { parseOrThrow } from '../platform/validation';
import { readUploadedSheetRows } from '../platform/xlsx/xlsx-upload';
import type { GeographyService } from '../master-data/geography-service';
import { findProduct, getDepositSettings, productRules, type DepositSettings, type ProductWithRates } from '../products/product-service';
import { importedBilyets } from '../documents/bilyet-service';
import { importedSchedules } from '../interest/installment-service';
import { checkNewCustomer } from './customer-checks';
import { rowOf as customerRowOf } from './customer-service';
import { newDepositRow, newPeriodRow } from './deposit-placement';
import { activePrincipalOfCustomers, adjustStatusCount } from './deposit-repository';
import { customersByIdentity, existingBilyetNumbers, existingDepositNumbers, insertImport, listImports, productsOfBank } from './deposit-import-repository';
import { cellsOf, customerMessageColumn, headerOf, isBlankRow, parseImportRow, plainCell, readHeader, type CellValue, type ImportColumnKey, type ImportedDeposit, type ImportProduct } from './deposit-import-rows';
import { withSqliteCacheSize } from '../platform/db/sqlite-cache';
import { newRowId } from '../platform/row-id';

/**
 * Impor Deposito (DOMAIN.md "From the bank's old system"; API.md "Placements, import and holds"):
 * an ADMIN uploads the bank's running book as an xlsx; every row is checked (dry run, nothing
 * written) and, once no row has an error, the whole book is written in one transaction — each
 * deposit `active` in its current period, its installments before the cut-over date paid by the
 * old system and the later ones scheduled exactly as an approval schedules them (scheduleFor,
 * taxed with the customer's standing), its bilyet `received`, a "Dipindahkan dari sistem lama"
 * timeline row, and an import record. A deposit number the bank has already is an error of its
 * row, so importing the same file again writes nothing.
 */

const IMPORT_MESSAGES = {
  adminOnly: 'Hanya admin yang dapat mengimpor deposito dari sistem lama.',
  notXlsx: 'Berkas harus berupa template Impor Deposito (xlsx) yang diunduh dari layar ini.',
  noFile: 'Pilih berkas xlsx yang berisi deposito yang akan diimpor.',
  noRows: 'Berkas tidak berisi satu pun baris deposito di bawah baris judul.',
  hasErrors: 'Impor dibatalkan: ada baris yang salah, tidak ada yang disimpan. Perbaiki baris-baris tersebut lalu unggah lagi.',
  raced: 'Sebagian nomor deposito atau nomor bilyet baru saja dipakai oleh proses lain; tidak ada yang disimpan. Jalankan pemeriksaan lagi.',
} as const;

/**
 * What an import upload may inflate to: a sheet of 100,000 deposits with every column filled is
 * some 300 MB of XML. It is read as a stream (readUploadedSheetRows), never held whole.
 */
const IMPORT_XLSX_LIMITS = { maxInflatedBytes: 512 * 1024 * 1024, maxEntries: 64 } as const;

/**
 * SQLite's page cache while a commit writes, instead of the connection's 128 MB: the rows' ids
 * grow at the end of their indexes (newRowId), so a small cache holds the pages being written.
 * 100,000 deposits: 30.5 s at 32 MB, 30.2 s at 128 MB, 45.8 s at 8 MB (bench/deposit-import.ts).
 */
const IMPORT_SQLITE_CACHE_KIB = 32 * 1024;

/** Rows checked against the database (deposit and bilyet numbers, customers), and written, together. */
const CHECK_BATCH = 1000;

/**
 * The text as one flat string. V8 keeps a concatenation as a tree of its parts, some hundreds of
 * bytes for a short key; a key kept for the whole pass (70,000 customers in a bank's book) is
 * flattened first. (Row ids are made flat: newRowId.)
 */
const flat = (text: string) => Buffer.from(text).toString();

type CustomerKey = ImportedDeposit['customer'];
/** A customer's key in the pass: the book's (CustomerKey) and a kept customer's row give the same text. */
const keyText = (key: { kind: CustomerKey['kind']; nik?: string | null; npwp?: string | null }) => flat(key.kind === 'ENTITY' ? `E:${key.npwp}` : `I:${key.nik}`);
const keyLabel = (key: CustomerKey) => (key.kind === 'ENTITY' ? 'NPWP' : 'NIK');

/** A customer the book names: kept already, created by this import, or refused (its first row says why). */
type CustomerPlan = { state: 'kept' | 'new'; id: string; name: string } | { state: 'refused'; firstRow: number };

/** The customer a valid row's deposit is written for. */
interface ImportCustomer {
  id: string;
  name: string;
  /** Created by this import (it holds nothing at the bank yet). */
  isNew: boolean;
}

/** The geography asks each district and address once per import: a book repeats a few hundred of them. */
function rememberingGeography(geography: GeographyService): GeographyService {
  const areas = new Map<string, Promise<boolean>>();
  const addresses = new Map<string, ReturnType<GeographyService['checkAddress']>>();
  return {
    ...geography,
    areaExists(level, id) {
      const key = `${level}:${id}`;
      let found = areas.get(key);
      if (!found) areas.set(key, (found = geography.areaExists(level, id)));
      return found;
    },
    checkAddress(fields) {
      const key = JSON.stringify([fields.provinceId, fields.cityId, fields.districtId, fields.villageId, fields.zipCode]);
      let found = addresses.get(key);
      if (!found) addresses.set(key, (found = geography.checkAddress(fields)));
      return found;
    },
  };
}

/** The column a createCustomerSchema issue is about, by the path of the field it names. */
const FIELD_COLUMNS: Record<string, ImportColumnKey> = {
  name: 'name', nik: 'nik', npwp: 'npwp', birthPlace: 'birthPlace', birthDate: 'birthDate', gender: 'gender', motherMaidenName: 'motherMaidenName',
  occupation: 'occupation', sourceOfFunds: 'sourceOfFunds', accountPurpose: 'accountPurpose', legalForm: 'legalForm', establishedOn: 'establishedOn',
  address: 'address', provinceId: 'villageCode', cityId: 'villageCode', districtId: 'villageCode', villageId: 'villageCode', zipCode: 'zipCode', phone: 'phone', email: 'email',
  payoutAccount: 'payoutBankCode', nib: 'npwp', rtRw: 'address',
};
const REPRESENTATIVE_COLUMNS: Record<string, ImportColumnKey> = { name: 'representativeName', nik: 'representativeNik', position: 'representativePosition' };

function issueColumn(path: readonly PropertyKey[]): string {
  const [field, , sub] = path.map(String);
  if (field === 'representatives') return headerOf(REPRESENTATIVE_COLUMNS[sub ?? ''] ?? 'representativeName');
  if (field === 'payoutAccount') return headerOf(sub === undefined ? 'payoutBankCode' : path[1] === 'accountNumber' ? 'payoutAccountNumber' : path[1] === 'accountName' ? 'payoutAccountName' : 'payoutBankCode');
  const key = field ? FIELD_COLUMNS[field] : undefined;
  return key ? headerOf(key) : 'Nasabah';
}

/** What a commit writes with: the transaction, the import's identity, the bank's figures the schedule needs. */
interface Writer {
  trx: Kysely<Database>;
  importId: string;
  fileName: string;
  now: string;
  settings: DepositSettings;
  products: Map<string, ProductWithRates>;
  /** Active principal per customer as the deposits written so far leave it (the tax context of the next). */
  held: Map<string, number>;
  /** Batches written so far. */
  batches: number;
}

export function createDepositImportService(deps: { db: Kysely<Database>; clock: Clock; geography: GeographyService }) {
  const { db, clock } = deps;

  function requireAdmin(actor: StaffActor): void {
    if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', IMPORT_MESSAGES.adminOnly);
  }

  /**
   * One pass over the sheet: every row checked, 1,000 at a time against the database. With a
   * writer (the commit), each batch's rows are written as soon as they are checked, as long as no
   * error was seen; the caller rolls the whole transaction back if one is seen later. So only the
   * keys (deposit and bilyet numbers, customers) are kept from row to row, never the rows: a
   * book of 100,000 deposits is read in a few hundred MB.
   */
  async function pass(actor: StaffActor, bytes: Uint8Array, cutOverDate: IsoDate, today: IsoDate, writer: Writer | null): Promise<DepositImportResult> {
    const reader = writer?.trx ?? db;
    const products = await productsOfBank(reader, actor.bankId);
    const byReference = new Map<string, ImportProduct>();
    // Codes last: a product whose name is another's code is found by the code.
    for (const product of products) byReference.set(product.name.trim().toLowerCase(), product);
    for (const product of products) byReference.set(product.code.trim().toLowerCase(), product);
    const productOf = (reference: string) => byReference.get(reference.trim().toLowerCase());
    const geography = rememberingGeography(deps.geography);
    const now = clock.now().toISOString();

    const errors: DepositImportError[] = [];
    let errorCount = 0;
    const rowsWithErrors = new Set<number>();
    const reportAll = (list: readonly DepositImportError[]) => {
      for (const error of list) {
        rowsWithErrors.add(error.row);
        errorCount += 1;
        if (errors.length < DEPOSIT_IMPORT_MAX_ERRORS) errors.push(error);
      }
    };

    const customers = new Map<string, CustomerPlan>();
    const refusals = new Map<number, DepositImportError[]>();
    const depositNumberRows = new Map<string, number>();
    const bilyetNumberRows = new Map<string, number>();
    const usedCustomers = new Set<string>();
    const byProduct = new Map<string, { count: number; principal: number }>();
    let validCount = 0;
    let validPrincipal = 0;
    let rows = 0;

    /** A customer not kept yet: the row's fields checked as POST /bpr/customers checks them. */
    const planCustomer = async (item: ImportedDeposit): Promise<{ plan: CustomerPlan; row?: CustomerRow }> => {
      const parsed = createCustomerSchema.safeParse(item.customerInput);
      const problems: DepositImportError[] = [];
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const column = issueColumn(issue.path);
          if (seen.has(column)) continue;
          seen.add(column);
          problems.push({ row: item.row, column, message: issue.message.startsWith('Invalid') ? `Isi kolom ${column} tidak valid.` : issue.message });
        }
      } else {
        const checked = await checkNewCustomer(parsed.data, today, geography);
        if (checked.ok) {
          const row = customerRowOf(actor.bankId, actor.userId, checked.customer, now);
          return { plan: { state: 'new', id: row.id, name: row.name }, row };
        }
        for (const message of checked.messages) problems.push({ row: item.row, column: customerMessageColumn(message), message });
      }
      refusals.set(item.row, problems);
      return { plan: { state: 'refused', firstRow: item.row } };
    };

    /** The batch's checks against the database and its new customers' rules; written when committing and clean so far. */
    const settle = async (batch: ImportedDeposit[]) => {
      if (batch.length === 0) return;
      const [takenNumbers, takenBilyets] = await Promise.all([
        existingDepositNumbers(reader, actor.bankId, batch.map((item) => item.depositNumber)),
        existingBilyetNumbers(reader, actor.bankId, batch.map((item) => item.bilyetNumber)),
      ]);
      const unknown = batch.filter((item) => !customers.has(keyText(item.customer)));
      const kept = await customersByIdentity(
        reader,
        actor.bankId,
        unknown.flatMap((item) => (item.customer.kind === 'INDIVIDUAL' ? [item.customer.nik] : [])),
        unknown.flatMap((item) => (item.customer.kind === 'ENTITY' ? [item.customer.npwp] : [])),
      );
      for (const customer of kept) customers.set(keyText(customer), { state: 'kept', id: customer.id, name: customer.name });

      const valid: Array<{ deposit: ImportedDeposit; customer: ImportCustomer }> = [];
      const newCustomers: CustomerRow[] = [];
      for (const item of batch) {
        const problems: DepositImportError[] = [];
        if (takenNumbers.has(item.depositNumber)) problems.push({ row: item.row, column: headerOf('depositNumber'), message: `Nomor deposito ${item.depositNumber} sudah ada di Berjangka; deposito ini sudah diimpor atau dipakai.` });
        if (takenBilyets.has(item.bilyetNumber)) problems.push({ row: item.row, column: headerOf('bilyetNumber'), message: `Nomor bilyet ${item.bilyetNumber} sudah dipakai bilyet lain di bank ini.` });
        const key = keyText(item.customer);
        let plan = customers.get(key);
        if (!plan) {
          const planned = await planCustomer(item);
          plan = planned.plan;
          customers.set(key, plan);
          if (planned.row) newCustomers.push(planned.row);
        } else if (plan.state === 'refused') {
          problems.push({ row: item.row, column: headerOf(item.customer.kind === 'ENTITY' ? 'npwp' : 'nik'), message: `Data nasabah dengan ${keyLabel(item.customer)} ini salah; lihat baris ${plan.firstRow}.` });
        }
        if (plan.state === 'refused' && plan.firstRow === item.row) problems.push(...refusals.get(item.row)!);
        if (problems.length > 0 || plan.state === 'refused') {
          reportAll(problems);
          continue;
        }
        usedCustomers.add(key);
        validCount += 1;
        validPrincipal += item.principal;
        const total = byProduct.get(item.productId) ?? { count: 0, principal: 0 };
        total.count += 1;
        total.principal += item.principal;
        byProduct.set(item.productId, total);
        valid.push({ deposit: item, customer: { id: plan.id, name: plan.name, isNew: plan.state === 'new' } });
      }
      if (writer && errorCount === 0) {
        await writeBatch(actor, writer, cutOverDate, valid, newCustomers);
        writer.batches += 1;
        // Each batch asks the tables this transaction is filling whether its numbers are taken.
        // PostgreSQL planned those reads (and keeps the plans of its prepared statements) with the
        // statistics of before the import — for a bank new to Berjangka, empty tables — and then
        // reads the growing tables whole, batch after batch. ANALYZE inside the transaction counts
        // its own rows and makes the plans be made again: after batches 1, 2, 4, 8… (a few
        // hundred ms each), the reads go by index.
        if (!isSqlite(writer.trx) && (writer.batches & (writer.batches - 1)) === 0) await sql`analyze deposits, bilyet_numbers, customers`.execute(writer.trx);
      }
    };

    let positions: Map<ImportColumnKey, number> | null = null;
    let pending: ImportedDeposit[] = [];
    for await (const { number, values } of readUploadedSheetRows(bytes, IMPORT_MESSAGES.notXlsx, IMPORT_XLSX_LIMITS)) {
      const cells: CellValue[] = values.slice(1).map(plainCell);
      if (isBlankRow(cells)) continue;
      if (!positions) {
        const header = readHeader(cells);
        if (!header.ok) {
          reportAll(header.errors.map((error) => ({ ...error, row: number })));
          break;
        }
        positions = header.positions;
        continue;
      }
      rows += 1;
      const parsed = parseImportRow(number, cellsOf(cells, positions), { cutOverDate, productOf });
      if (!parsed.ok) {
        reportAll(parsed.errors);
        continue;
      }
      const deposit = parsed.deposit;
      const sameNumber = depositNumberRows.get(deposit.depositNumber);
      const sameBilyet = bilyetNumberRows.get(deposit.bilyetNumber);
      if (sameNumber === undefined) depositNumberRows.set(deposit.depositNumber, number);
      if (sameBilyet === undefined) bilyetNumberRows.set(deposit.bilyetNumber, number);
      if (sameNumber !== undefined || sameBilyet !== undefined) {
        reportAll([
          ...(sameNumber !== undefined ? [{ row: number, column: headerOf('depositNumber'), message: `Nomor deposito ${deposit.depositNumber} sudah ada di baris ${sameNumber} berkas ini.` }] : []),
          ...(sameBilyet !== undefined ? [{ row: number, column: headerOf('bilyetNumber'), message: `Nomor bilyet ${deposit.bilyetNumber} sudah ada di baris ${sameBilyet} berkas ini.` }] : []),
        ]);
        continue;
      }
      pending.push(deposit);
      if (pending.length >= CHECK_BATCH) {
        await settle(pending);
        pending = [];
      }
    }
    await settle(pending);
    if (!positions && errorCount === 0) reportAll([{ row: 1, column: 'Berkas', message: IMPORT_MESSAGES.noRows }]);
    else if (positions && rows === 0) reportAll([{ row: 2, column: 'Berkas', message: IMPORT_MESSAGES.noRows }]);

    // Rows keep their order in the answer whatever the batch a check ran in.
    errors.sort((a, b) => a.row - b.row);
    const created = [...usedCustomers].filter((key) => customers.get(key)?.state === 'new').length;
    return {
      rows,
      valid: rows - rowsWithErrors.size,
      errors,
      errorCount,
      errorsTruncated: errorCount > errors.length,
      totals: {
        count: validCount,
        principal: validPrincipal,
        byProduct: products
          .filter((product) => byProduct.has(product.id))
          .map((product) => ({ productId: product.id, productCode: product.code, productName: product.name, ...byProduct.get(product.id)! })),
      },
      customers: { created, matched: usedCustomers.size - created },
    };
  }

  /** One batch of checked rows written: new customers, then each deposit with its period, installments, timeline row and bilyet. */
  async function writeBatch(actor: StaffActor, writer: Writer, cutOverDate: IsoDate, valid: ReadonlyArray<{ deposit: ImportedDeposit; customer: ImportCustomer }>, newCustomers: readonly CustomerRow[]): Promise<void> {
    const { trx, importId, fileName, now, settings } = writer;
    await insertInChunks(trx, 'customers', newCustomers);
    await insertInChunks(
      trx,
      'bank_audit',
      newCustomers.map((row) => ({ id: newRowId(), bank_id: actor.bankId, actor_id: actor.userId, at: now, subject: 'customer', subject_id: row.id, event: 'customer.create', payload: JSON.stringify({ type: row.kind, name: row.name, importId }) })),
    );
    // The tax of an installment depends on the customer's active principal: what the bank held
    // before, plus this deposit and those of theirs written before it — as approvals one after
    // the other would find it (taxContextFor).
    // A customer this import creates holds nothing yet; only those kept before are asked.
    for (const { customer } of valid) if (customer.isNew && !writer.held.has(customer.id)) writer.held.set(customer.id, 0);
    const unknown = [...new Set(valid.map((item) => item.customer.id))].filter((id) => !writer.held.has(id));
    const held = await activePrincipalOfCustomers(trx, unknown);
    for (const id of unknown) writer.held.set(id, held.get(id) ?? 0);
    const taxSettings = { taxBps: settings.taxBps, thresholdRupiah: settings.taxThreshold };

    const depositRows: NewDeposit[] = [];
    const periodRows: NewDepositPeriod[] = [];
    // The installments and bilyets are the interest and documents areas' rows: they write them.
    const installments = importedSchedules({ date: cutOverDate, by: actor.userId }, now);
    const auditRows: NewAuditRow[] = [];
    const bilyets = importedBilyets(now);
    for (const { deposit, customer } of valid) {
      let product = writer.products.get(deposit.productId);
      if (!product) {
        product = (await findProduct(trx, actor.bankId, deposit.productId))!;
        writer.products.set(deposit.productId, product);
      }
      const context = depositContext({
        depositId: newRowId(),
        amount: deposit.principal,
        rateBps: deposit.rateBps,
        tenorMonths: deposit.tenorMonths,
        placementDate: deposit.openedOn,
        depositDate: deposit.openedOn,
        periodStart: deposit.valueDate,
        maturityDate: deposit.maturityDate,
        periodNumber: deposit.periodNumber,
        instruction: deposit.instruction,
        interestPayment: deposit.interestPayment,
        product: productRules(product),
      });
      const row = newDepositRow(context, {
        bankId: actor.bankId,
        depositNumber: deposit.depositNumber,
        customer: { id: customer.id, name: customer.name, nik: deposit.customer.kind === 'INDIVIDUAL' ? deposit.customer.nik : '' },
        productId: deposit.productId,
        status: 'active',
        channel: null,
        now,
        bilyet: { status: 'received', number: deposit.bilyetNumber },
      });
      depositRows.push(row);
      periodRows.push(newPeriodRow(row.id, context, context.periodNumber === 1 ? 'placement' : 'rollover', now));
      const principal = writer.held.get(customer.id)! + deposit.principal;
      writer.held.set(customer.id, principal);
      const tax = { customerActivePrincipal: principal, settings: taxSettings };
      const period = { bankId: actor.bankId, depositId: context.depositId, periodNumber: context.periodNumber };
      const paid = installments.add(period, scheduleFor(context, settings.holidays), tax);
      auditRows.push({
        id: newRowId(),
        bank_id: actor.bankId,
        deposit_id: context.depositId,
        actor_id: actor.userId,
        at: now,
        seq: 10,
        from_status: null,
        to_status: 'active',
        event: 'deposit.import',
        payload: JSON.stringify({ importId, fileName, row: deposit.row, cutOverDate, periodNumber: context.periodNumber, valueDate: context.periodStart, bilyetNumber: deposit.bilyetNumber, paidInstallments: paid }),
      });
      // The customer holds the old system's paper (documents' importedBilyets).
      bilyets.add({ bankId: actor.bankId, depositId: context.depositId, number: deposit.bilyetNumber, issuedOn: context.periodStart, holder: customer.name });
    }
    await insertInChunks(trx, 'deposits', depositRows);
    await insertInChunks(trx, 'deposit_periods', periodRows);
    await installments.write(trx);
    await insertInChunks(trx, 'deposit_audit', auditRows);
    await bilyets.write(trx);
  }

  /** Thrown inside the commit's transaction to roll it back with the result to answer. */
  class RolledBack extends Error {
    constructor(readonly result: DepositImportResult) {
      super('import rolled back');
    }
  }

  return {
    requireAdmin,

    /**
     * POST /deposito/import: the dry run (200, nothing written) or the commit (201 with `importId`);
     * any row error answers the figures as a 400 when a commit was asked, with nothing written.
     */
    async run(actor: StaffActor, fields: Record<string, unknown>, files: Record<string, Upload[]>): Promise<{ status: 200 | 201; result: DepositImportResult }> {
      requireAdmin(actor);
      const { cutOverDate, dryRun } = parseOrThrow(depositImportFieldsSchema, fields);
      const today = jakartaDate(clock.now());
      if (isAfter(cutOverDate, today)) throw new ValidationError([`Tanggal pindah tidak boleh setelah hari ini (${formatDateId(today)}).`]);
      const file = files[DEPOSIT_IMPORT_FILE_FIELD]?.[0];
      if (!file || file.bytes.length === 0) throw new ValidationError([IMPORT_MESSAGES.noFile]);
      if (dryRun === 'true') return { status: 200, result: await pass(actor, file.bytes, cutOverDate, today, null) };

      const importId = newRowId();
      const fileName = (file.name ?? 'impor-deposito.xlsx').slice(0, 200);
      const settings = await getDepositSettings(db, actor.bankId);
      try {
        // Joined by every query of the pass, the geography's included (inJoinedTransaction).
        const result = await withSqliteCacheSize(db, IMPORT_SQLITE_CACHE_KIB, () => inJoinedTransaction(db, async (trx) => {
          const now = clock.now().toISOString();

          const checked = await pass(actor, file.bytes, cutOverDate, today, { trx, importId, fileName, now, settings, products: new Map(), held: new Map(), batches: 0 });
          if (checked.errorCount > 0) throw new RolledBack(checked);
          await adjustStatusCount(trx, actor.bankId, 'active', checked.totals.count);
          await insertImport(trx, { id: importId, bank_id: actor.bankId, file_name: fileName, rows: checked.totals.count, principal: checked.totals.principal, cut_over_date: cutOverDate, created_by: actor.userId, created_at: now });
          return checked;
        }));
        return { status: 201, result: { ...result, importId } };
      } catch (error) {
        if (error instanceof RolledBack) throw new ServiceError('invalid', IMPORT_MESSAGES.hasErrors, error.result);
        // Another import (or a placement) took a number between a batch's check and its write.
        if (isUniqueViolation(error, /deposits|bilyet|customers/)) throw new ServiceError('conflict', IMPORT_MESSAGES.raced);
        throw error;
      }
    },

    /** GET /deposito/import: the bank's committed imports, newest first. */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<DepositImportSummary>> {
      requireAdmin(actor);
      const { page, limit } = parseOrThrow(depositImportListQuerySchema, query);
      const { rows, total } = await listImports(db, actor.bankId, page, limit);
      return pageOf(
        rows.map((row) => ({ importId: row.id, fileName: row.file_name, rows: row.rows, principal: Number(row.principal), cutOverDate: row.cut_over_date, by: row.by_name ?? 'Pengguna tidak dikenal', at: row.created_at })),
        page,
        limit,
        total,
      );
    },
  };
}

export type DepositImportService = ReturnType<typeof createDepositImportService>;
