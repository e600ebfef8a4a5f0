import type { Kysely } from 'kysely';
import type { ChangeRequestRow, Database, NewChangeRequest } from '../platform/db/schema';

type Db = Kysely<Database>;

/** A request names its customer: one raised from a deposit without it takes the deposit's. */
export async function insertChangeRequest(db: Db, request: NewChangeRequest): Promise<void> {
  let customerId = request.customer_id ?? null;
  if (!customerId && request.deposit_id) {
    customerId = (await db.selectFrom('deposits').select('customer_id').where('id', '=', request.deposit_id).executeTakeFirstOrThrow()).customer_id;
  }
  await db.insertInto('change_requests').values({ ...request, customer_id: customerId }).execute();
}

/** A request staff raise: pending, with what it asks and what it replaces (JSON), and who asked. */
export async function insertRaisedChangeRequest(
  db: Db,
  request: { id: string; bankId: string; depositId: string | null; customerId: string; kind: ChangeRequestRow['kind']; value: unknown; previous: unknown; requestedBy: string; at: string },
): Promise<void> {
  await insertChangeRequest(db, {
    id: request.id,
    bank_id: request.bankId,
    deposit_id: request.depositId,
    customer_id: request.customerId,
    kind: request.kind,
    requested_value: JSON.stringify(request.value),
    previous_value: JSON.stringify(request.previous),
    status: 'pending',
    reason: null,
    decided_by: null,
    decided_at: null,
    created_at: request.at,
    requested_by: request.requestedBy,
  });
}

export async function findChangeRequest(db: Db, bankId: string, id: string): Promise<ChangeRequestRow | undefined> {
  return db.selectFrom('change_requests').selectAll().where('id', '=', id).where('bank_id', '=', bankId).executeTakeFirst();
}

/** Decides a pending request; false when it was decided meanwhile. */
export async function decideChangeRequest(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string; decidedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('change_requests')
    .set({ status: decision.status, reason: decision.reason, decided_by: decision.decidedBy, decided_at: decision.decidedAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ChangeRequestWithDeposit = ChangeRequestRow & {
  deposit_number: string | null;
  customer_name: string;
  maturity_instruction: string | null;
  decided_by_name: string | null;
  requested_by_name: string | null;
};

/** A request with its customer, and its deposit when raised from one. */
function withDeposit(db: Db, bankId: string) {
  return db
    .selectFrom('change_requests as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .leftJoin('deposits as d', 'd.id', 'r.deposit_id')
    .leftJoin('users as u', 'u.id', 'r.decided_by')
    .leftJoin('users as m', 'm.id', 'r.requested_by')
    .where('r.bank_id', '=', bankId);
}

const VIEW_COLUMNS = ['d.deposit_number', 'c.name as customer_name', 'd.maturity_instruction', 'u.name as decided_by_name', 'm.name as requested_by_name'] as const;

export async function findChangeRequestView(db: Db, bankId: string, id: string): Promise<ChangeRequestWithDeposit | undefined> {
  return withDeposit(db, bankId).selectAll('r').select([...VIEW_COLUMNS]).where('r.id', '=', id).executeTakeFirst();
}

/** A customer's requests still waiting for a decision, oldest first. */
export async function listPendingChangeRequestsOfCustomer(db: Db, bankId: string, customerId: string): Promise<ChangeRequestWithDeposit[]> {
  return withDeposit(db, bankId).selectAll('r').select([...VIEW_COLUMNS]).where('r.customer_id', '=', customerId).where('r.status', '=', 'pending').orderBy('r.created_at').orderBy('r.id').execute();
}

export async function listChangeRequests(
  db: Db,
  filters: { bankId: string; status?: ChangeRequestRow['status'] | undefined },
  page: number,
  limit: number,
): Promise<{ rows: ChangeRequestWithDeposit[]; total: number }> {
  let base = withDeposit(db, filters.bankId);
  if (filters.status) base = base.where('r.status', '=', filters.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll('r')
      .select([...VIEW_COLUMNS])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * A request of this kind still waiting for its decision, if any: an instruction is the deposit's,
 * identity data and the payout account are the customer's whatever deposit they were raised from.
 */
export async function findPendingChangeRequest(db: Db, scope: { depositId: string } | { customerId: string }, kind: ChangeRequestRow['kind']): Promise<ChangeRequestRow | undefined> {
  const query = db.selectFrom('change_requests').selectAll().where('kind', '=', kind).where('status', '=', 'pending');
  return ('depositId' in scope ? query.where('deposit_id', '=', scope.depositId) : query.where('customer_id', '=', scope.customerId)).executeTakeFirst();
}
