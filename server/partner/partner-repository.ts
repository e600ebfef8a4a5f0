import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, PartnerClientsTable, PartnerRequestsTable } from '../platform/db/schema';

type Db = Kysely<Database>;

export type PartnerClientRow = PartnerClientsTable;

export function findPartnerByClientKey(db: Db, clientKey: string): Promise<PartnerClientRow | undefined> {
  return db.selectFrom('partner_clients').selectAll().where('client_key', '=', clientKey).executeTakeFirst();
}

export function findPartnerByCode(db: Db, channelCode: string): Promise<PartnerClientRow | undefined> {
  return db.selectFrom('partner_clients').selectAll().where('channel_code', '=', channelCode).executeTakeFirst();
}

export async function insertPartnerClient(db: Db, row: Insertable<PartnerClientsTable>): Promise<void> {
  await db.insertInto('partner_clients').values(row).execute();
}

export async function updatePartnerClient(db: Db, channelCode: string, changes: Updateable<PartnerClientsTable>): Promise<void> {
  await db.updateTable('partner_clients').set(changes).where('channel_code', '=', channelCode).execute();
}

/** Every partner with credentials, its name, and the banks it may place at. */
export async function listPartnerClients(db: Db) {
  const [clients, banks] = await Promise.all([
    db
      .selectFrom('partner_clients')
      .innerJoin('channel_partners', 'channel_partners.code', 'partner_clients.channel_code')
      .select(['partner_clients.channel_code', 'channel_partners.name', 'partner_clients.client_key', 'partner_clients.notification_url', 'partner_clients.secret_changed_at', 'partner_clients.created_at'])
      .orderBy('partner_clients.channel_code')
      .execute(),
    db.selectFrom('partner_banks').innerJoin('banks', 'banks.id', 'partner_banks.bank_id').select(['partner_banks.channel_code', 'banks.id', 'banks.name']).orderBy('banks.name').execute(),
  ]);
  return clients.map((client) => ({ ...client, banks: banks.filter((bank) => bank.channel_code === client.channel_code).map(({ id, name }) => ({ id, name })) }));
}

/** The deposits among `ids` that a partner placed through the API, as their notifications name them. */
export async function findPartnerDeposits(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('deposits')
    .select(['id', 'bank_id', 'deposit_number', 'channel', 'partner_reference_no', 'status', 'version'])
    .where('id', 'in', ids)
    .where('partner_reference_no', 'is not', null)
    .execute();
}

export async function allowBank(db: Db, channelCode: string, bankId: string, now: string): Promise<void> {
  await db.insertInto('partner_banks').values({ channel_code: channelCode, bank_id: bankId, created_at: now }).onConflict((oc) => oc.columns(['channel_code', 'bank_id']).doNothing()).execute();
}

export async function isBankAllowed(db: Db, channelCode: string, bankId: string): Promise<boolean> {
  return (await db.selectFrom('partner_banks').select('bank_id').where('channel_code', '=', channelCode).where('bank_id', '=', bankId).executeTakeFirst()) !== undefined;
}

// --- X-EXTERNAL-ID ------------------------------------------------------------------------------

export type PartnerRequestRow = PartnerRequestsTable;

export function findPartnerRequest(db: Db, key: { channelCode: string; externalId: string; day: string }): Promise<PartnerRequestRow | undefined> {
  return db
    .selectFrom('partner_requests')
    .selectAll()
    .where('channel_code', '=', key.channelCode)
    .where('external_id', '=', key.externalId)
    .where('request_day', '=', key.day)
    .executeTakeFirst();
}

/** Claims the id for this request; false when another request holds it already. */
export async function claimPartnerRequest(db: Db, row: Insertable<PartnerRequestsTable>): Promise<boolean> {
  const inserted = await db.insertInto('partner_requests').values(row).onConflict((oc) => oc.columns(['channel_code', 'external_id', 'request_day']).doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function recordPartnerAnswer(db: Db, key: { channelCode: string; externalId: string; day: string }, status: number, answer: string): Promise<void> {
  await db
    .updateTable('partner_requests')
    .set({ status, answer })
    .where('channel_code', '=', key.channelCode)
    .where('external_id', '=', key.externalId)
    .where('request_day', '=', key.day)
    .execute();
}

/** Forgets ids older than `before`: SNAP's uniqueness is per day. */
export async function purgePartnerRequests(db: Db, before: string): Promise<void> {
  await db.deleteFrom('partner_requests').where('created_at', '<', before).execute();
}
