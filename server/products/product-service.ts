import type { Kysely } from 'kysely';
import type { MaturityInstruction } from '../../contract/deposit';
import {
  createProductSchema,
  deactivateProductSchema,
  PRODUCT_MESSAGES,
  productListQuerySchema,
  productVisibilitySchema,
  updateProductSchema,
  type Product,
  type ProductDetail,
} from '../../contract/product';
import { heldStatuses } from '../../machines/deposit';
import { lpsFlags, lpsSettingsOn, nextRateSchedule, rateScheduleOn, type ProductRules, type ProductTenor } from '../../machines/deposit-rules';
import type { StaffActor } from '../platform/actor';
import { insertBankAudit } from '../platform/bank-audit';
import { jakartaDate } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database, ProductRow, ProductsTable } from '../platform/db/schema';
import { ServiceError } from '../platform/errors';
import { parseOrThrow } from '../platform/validation';
import {
  findProduct as readProduct,
  findProductByCode,
  findProductByName,
  findProductWithRatesByCode as readProductByCode,
  getDepositSettings as readDepositSettings,
  insertProduct,
  insertRateSchedule,
  listProducts as readProducts,
  productNamesOf as readProductNames,
  runningDepositCounts,
  updateProductRow,
  type DepositSettings,
  type ProductWithRates,
} from './product-repository';
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';

/**
 * The products area as other areas see it: a bank's products with their dated rates, and the
 * bank's deposit settings (holidays, tax, LPS) that every figure is computed with; and Produk's
 * own reads and writes (API.md "Products"), ADMIN writes only, each audited.
 */
export type { DepositSettings, ProductWithRates } from './product-repository';

type Db = Kysely<Database>;

/** A product of the bank with its dated rates (one statement), or undefined (another bank's is absent). */
export function findProduct(db: Db, bankId: string, id: string): Promise<ProductWithRates | undefined> {
  return readProduct(db, bankId, id);
}

/** A product of the bank by its code — how a partner names products — with its dated rates, or undefined. */
export function findProductWithRatesByCode(db: Db, bankId: string, code: string): Promise<ProductWithRates | undefined> {
  return readProductByCode(db, bankId, code);
}

/** The bank's products with their dated rates, by name. */
export function listProducts(db: Db, bankId: string): Promise<ProductWithRates[]> {
  return readProducts(db, bankId);
}

/** The bank's product names by id, for lists that show the name only (no rates read). */
export function productNamesOf(db: Db, bankId: string): Promise<Map<string, string>> {
  return readProductNames(db, bankId);
}

/**
 * The bank's deposit settings every figure is computed with — cut-off, holidays, tax, LPS — or
 * the defaults while the bank has saved none (a copy the caller may change).
 */
export function getDepositSettings(db: Db, bankId: string): Promise<DepositSettings> {
  return readDepositSettings(db, bankId);
}

/** The product as the deposit machine sees it (machines/deposit-rules/product.ts). */
export function productRules(product: ProductWithRates): ProductRules {
  return {
    id: product.id,
    active: product.active === 1,
    minAmount: Number(product.min_amount),
    maxAmount: product.max_amount === null ? null : Number(product.max_amount),
    rates: product.rates.map((schedule) => ({ effectiveFrom: schedule.effectiveFrom, tenors: schedule.tenors })),
    penaltyBps: product.penalty_bps,
    forfeitAccruedInterest: product.forfeit_accrued_interest === 1,
    specialRateCeilingBps: product.special_rate_ceiling_bps ?? null,
  };
}

export function instructionsAllowed(product: Pick<ProductsTable, 'instructions_allowed'>): MaturityInstruction[] {
  return JSON.parse(product.instructions_allowed) as MaturityInstruction[];
}

/** The fields an admin edits, as the API names them (the answer's and the audit's before/after). */
function editableFields(product: ProductRow) {
  return {
    code: product.code,
    name: product.name,
    interestPayment: product.interest_payment,
    minAmount: Number(product.min_amount),
    maxAmount: product.max_amount === null ? null : Number(product.max_amount),
    instructions: instructionsAllowed(product),
    breakPenaltyBps: product.penalty_bps,
    forfeitAccruedInterest: product.forfeit_accrued_interest === 1,
    visible: product.visible === 1,
    specialRateCeilingBps: product.special_rate_ceiling_bps ?? null,
  };
}

/** The product as every answer shows it, judged on `today`. */
function toProduct(product: ProductWithRates, settings: DepositSettings, today: string, runningDeposits: number): Product {
  const inForce = rateScheduleOn(productRules(product), today);
  const tenors: ProductTenor[] = inForce ? [...inForce.tenors] : [];
  const next = nextRateSchedule(productRules(product), today);
  const lps = lpsSettingsOn({ lpsRates: settings.lpsRates, lpsMaxBalanceRupiah: settings.lpsMaxBalance }, today);
  return {
    id: product.id,
    ...editableFields(product),
    active: product.active === 1,
    tenors,
    rateEffectiveFrom: inForce?.effectiveFrom ?? today,
    nextRates: next ? { effectiveFrom: next.effectiveFrom, tenors: [...next.tenors] } : null,
    lpsFlag: tenors.some((tenor) => lpsFlags({ rateBps: tenor.rateBps, settings: lps }).length > 0),
    runningDeposits,
  };
}

const sameTenors = (a: readonly ProductTenor[], b: readonly ProductTenor[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x.tenorMonths - y.tenorMonths).every((tenor, index) => {
    const other = [...b].sort((x, y) => x.tenorMonths - y.tenorMonths)[index]!;
    return tenor.tenorMonths === other.tenorMonths && tenor.rateBps === other.rateBps;
  });

const sortedTenors = (tenors: readonly ProductTenor[]): ProductTenor[] => [...tenors].sort((a, b) => a.tenorMonths - b.tenorMonths);

export function createProductService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  const requireAdmin = (actor: StaffActor) => {
    if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', PRODUCT_MESSAGES.adminOnly);
  };

  async function requireProduct(trx: Kysely<Database>, actor: StaffActor, id: string): Promise<ProductWithRates> {
    const product = await findProduct(trx, actor.bankId, id);
    if (!product) throw new ServiceError('not-found', PRODUCT_MESSAGES.notFound);
    return product;
  }

  /** 409 when another product of the bank has this code or name (the unique indexes decide races). */
  async function requireUnique(trx: Kysely<Database>, bankId: string, values: { code?: string; name?: string }, exceptId?: string): Promise<void> {
    if (values.code !== undefined) {
      const other = await findProductByCode(trx, bankId, values.code);
      if (other && other.id !== exceptId) throw new ServiceError('conflict', PRODUCT_MESSAGES.codeTaken);
    }
    if (values.name !== undefined) {
      const other = await findProductByName(trx, bankId, values.name);
      if (other && other.id !== exceptId) throw new ServiceError('conflict', PRODUCT_MESSAGES.nameTaken);
    }
  }

  async function view(actor: StaffActor, id: string): Promise<Product> {
    const [product, settings, counts] = await Promise.all([
      requireProduct(db, actor, id),
      getDepositSettings(db, actor.bankId),
      runningDepositCounts(db, actor.bankId, heldStatuses),
    ]);
    return toProduct(product, settings, jakartaDate(clock.now()), counts.get(id) ?? 0);
  }

  return {
    /** GET /{product}/all-product: the bank's products, by name, with today's rates. */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Product[]> {
      const { active, visible, q } = parseOrThrow(productListQuerySchema, query);
      const [products, settings, counts] = await Promise.all([listProducts(db, actor.bankId), getDepositSettings(db, actor.bankId), runningDepositCounts(db, actor.bankId, heldStatuses)]);
      const today = jakartaDate(clock.now());
      const needle = q?.toLowerCase();
      const items = products
        .filter((product) => active === undefined || product.active === (active === 'true' ? 1 : 0))
        .filter((product) => visible === undefined || product.visible === (visible === 'true' ? 1 : 0))
        .filter((product) => !needle || product.name.toLowerCase().includes(needle) || product.code.toLowerCase().includes(needle))
        .map((product) => toProduct(product, settings, today, counts.get(product.id) ?? 0));
      // In JS, not SQL: PostgreSQL's collation would order names differently from SQLite's.
      return items.sort((a, b) => a.name.localeCompare(b.name, 'id'));
    },

    /** GET /{product}?id: the product with every rate schedule, newest first, and who set it. */
    async get(actor: StaffActor, id: string | undefined): Promise<ProductDetail> {
      if (!id) throw new ServiceError('invalid', 'Produk wajib dipilih (id).');
      const product = await requireProduct(db, actor, id);
      const base = await view(actor, id);
      const setterIds = [...new Set(product.rates.map((schedule) => schedule.createdBy).filter((by) => by !== 'SYSTEM'))];
      const setters = setterIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name']).where('id', 'in', setterIds).execute();
      const names = new Map(setters.map((user) => [user.id, user.name]));
      const rates = [...product.rates].reverse().map((schedule) => ({
        effectiveFrom: schedule.effectiveFrom,
        tenors: [...schedule.tenors],
        setBy: schedule.createdBy === 'SYSTEM' ? null : (names.get(schedule.createdBy) ?? schedule.createdBy),
        setAt: schedule.createdAt,
      }));
      return { ...base, rates };
    },

    /** POST /{product}/create-product */
    async create(actor: StaffActor, body: unknown): Promise<Product> {
      requireAdmin(actor);
      const input = parseOrThrow(createProductSchema, body);
      const today = jakartaDate(clock.now());
      const effectiveFrom = input.rateEffectiveFrom ?? today;
      if (effectiveFrom < today) throw new ServiceError('invalid', PRODUCT_MESSAGES.pastRateDate);
      const now = clock.now().toISOString();
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          await requireUnique(trx, actor.bankId, { code: input.code, name: input.name });
          await insertProduct(
            trx,
            {
              id,
              bank_id: actor.bankId,
              code: input.code,
              name: input.name,
              active: 1,
              visible: input.visible ? 1 : 0,
              min_amount: input.minAmount,
              max_amount: input.maxAmount,
              interest_payment: input.interestPayment,
              instructions_allowed: JSON.stringify(input.instructions),
              penalty_bps: input.breakPenaltyBps,
              forfeit_accrued_interest: input.forfeitAccruedInterest ? 1 : 0,
              special_rate_ceiling_bps: input.specialRateCeilingBps,
              created_at: now,
              updated_at: now,
            },
            sortedTenors(input.tenors),
            { effectiveFrom, createdBy: actor.userId },
          );
          await insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: now, subject: 'product', subjectId: id, event: 'product.create', payload: { ...input, rateEffectiveFrom: effectiveFrom } });
        });
      } catch (error) {
        if (!(error instanceof ServiceError)) await requireUnique(db, actor.bankId, { code: input.code, name: input.name });
        throw error;
      }
      return view(actor, id);
    },

    /** PUT /{product}: fields, and/or a new tenor table from a date (today or later). */
    async update(actor: StaffActor, body: unknown): Promise<Product> {
      requireAdmin(actor);
      const input = parseOrThrow(updateProductSchema, body);
      const today = jakartaDate(clock.now());
      const now = clock.now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const product = await requireProduct(trx, actor, input.id);
          if (product.active !== 1) throw new ServiceError('conflict', PRODUCT_MESSAGES.inactive);
          await requireUnique(trx, actor.bankId, { code: input.code, name: input.name }, product.id);
          const minAmount = input.minAmount ?? Number(product.min_amount);
          const maxAmount = input.maxAmount !== undefined ? input.maxAmount : product.max_amount === null ? null : Number(product.max_amount);
          if (maxAmount !== null && minAmount > maxAmount) throw new ServiceError('invalid', PRODUCT_MESSAGES.minAboveMax);

          const before: Record<string, unknown> = editableFields(product);
          const after: Record<string, unknown> = { ...before };
          for (const key of Object.keys(before)) {
            const value = (input as Record<string, unknown>)[key];
            if (value !== undefined) after[key] = value;
          }
          const changed = Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
          if (changed.length > 0) {
            const changes: Updateable<ProductsTable> = {
              code: after.code as string,
              name: after.name as string,
              interest_payment: after.interestPayment as ProductsTable['interest_payment'],
              min_amount: after.minAmount as number,
              max_amount: after.maxAmount as number | null,
              instructions_allowed: JSON.stringify(after.instructions),
              penalty_bps: after.breakPenaltyBps as number,
              forfeit_accrued_interest: after.forfeitAccruedInterest ? 1 : 0,
              visible: after.visible ? 1 : 0,
              special_rate_ceiling_bps: after.specialRateCeilingBps as number | null,
              updated_at: now,
            };
            await updateProductRow(trx, actor.bankId, product.id, changes);
            await insertBankAudit(trx, {
              bankId: actor.bankId,
              actorId: actor.userId,
              at: now,
              subject: 'product',
              subjectId: product.id,
              event: 'product.update',
              payload: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: after[key] }])),
            });
          }

          if (input.tenors) {
            const rules = productRules(product);
            const effectiveFrom = input.rateEffectiveFrom;
            if (effectiveFrom === undefined) {
              // Sending today's table back unchanged is not a rate change (a form saved as it was).
              if (sameTenors(input.tenors, rateScheduleOn(rules, today)?.tenors ?? [])) return;
              throw new ServiceError('invalid', PRODUCT_MESSAGES.rateDateRequired);
            }
            if (effectiveFrom < today) throw new ServiceError('invalid', PRODUCT_MESSAGES.pastRateDate);
            const previous = rateScheduleOn(rules, effectiveFrom);
            const replaced = product.rates.find((schedule) => schedule.effectiveFrom === effectiveFrom);
            if (previous && sameTenors(input.tenors, previous.tenors)) return;
            await insertRateSchedule(trx, product.id, effectiveFrom, sortedTenors(input.tenors), now, actor.userId);
            if (changed.length === 0) await updateProductRow(trx, actor.bankId, product.id, { updated_at: now });
            await insertBankAudit(trx, {
              bankId: actor.bankId,
              actorId: actor.userId,
              at: now,
              subject: 'product',
              subjectId: product.id,
              event: 'product.setRates',
              payload: { effectiveFrom, tenors: sortedTenors(input.tenors), before: previous ? { effectiveFrom: previous.effectiveFrom, tenors: previous.tenors } : null, replacedSameDay: replaced !== undefined },
            });
          }
        });
      } catch (error) {
        if (!(error instanceof ServiceError)) await requireUnique(db, actor.bankId, { code: input.code, name: input.name }, input.id);
        throw error;
      }
      return view(actor, input.id);
    },

    /** PATCH /{product}/deactivate-product: no new placements; ARO deposits mature instead of rolling over. */
    async deactivate(actor: StaffActor, body: unknown): Promise<Product> {
      requireAdmin(actor);
      const { id } = parseOrThrow(deactivateProductSchema, body);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const product = await requireProduct(trx, actor, id);
        // Already inactive: a repeated request changes nothing and is not audited twice.
        if (product.active !== 1) return;
        await updateProductRow(trx, actor.bankId, id, { active: 0, updated_at: now });
        await insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: now, subject: 'product', subjectId: id, event: 'product.deactivate', payload: {} });
      });
      return view(actor, id);
    },

    /** PATCH /{product}/{productId}/visibility: whether the platform offers it to customers. */
    async setVisibility(actor: StaffActor, id: string, body: unknown): Promise<Product> {
      requireAdmin(actor);
      const { visible } = parseOrThrow(productVisibilitySchema, body);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const product = await requireProduct(trx, actor, id);
        if ((product.visible === 1) === visible) return;
        await updateProductRow(trx, actor.bankId, id, { visible: visible ? 1 : 0, updated_at: now });
        await insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: now, subject: 'product', subjectId: id, event: visible ? 'product.show' : 'product.hide', payload: {} });
      });
      return view(actor, id);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
