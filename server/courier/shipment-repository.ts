import type { Kysely } from 'kysely';
import type { Database, ShipmentEventRow, ShipmentRow } from '../platform/db/schema';

type Db = Kysely<Database>;

/** A deposit's shipments, newest first. */
export async function listShipmentsOfDeposit(db: Db, depositId: string): Promise<ShipmentRow[]> {
  return db.selectFrom('shipments').selectAll().where('deposit_id', '=', depositId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The tracking history of these shipments, oldest first. */
export async function listShipmentEvents(db: Db, shipmentIds: string[]): Promise<ShipmentEventRow[]> {
  if (shipmentIds.length === 0) return [];
  return db.selectFrom('shipment_events').selectAll().where('shipment_id', 'in', shipmentIds).orderBy('at').orderBy('code').execute();
}

export async function findShipmentOfBank(db: Db, bankId: string, shipmentId: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('id', '=', shipmentId).where('bank_id', '=', bankId).executeTakeFirst();
}

/** The newest shipment of this bank under an AWB (a resi number may come back after a cancellation). */
export async function findShipmentByAwb(db: Db, bankId: string, awb: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('awb', '=', awb).where('bank_id', '=', bankId).orderBy('created_at', 'desc').executeTakeFirst();
}

export async function insertShipment(db: Db, row: ShipmentRow): Promise<void> {
  await db.insertInto('shipments').values(row).execute();
}

export async function updateShipment(db: Db, shipmentId: string, changes: Partial<Omit<ShipmentRow, 'id'>>): Promise<void> {
  await db.updateTable('shipments').set(changes).where('id', '=', shipmentId).execute();
}

/** Adds the events not stored yet (tracking answers repeat the whole history). */
export async function addShipmentEvents(db: Db, rows: ShipmentEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('shipment_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['shipment_id', 'at', 'code']).doNothing())
    .execute();
}

/** Booked shipments still under way, of every bank: what the daily job tracks. */
export async function listLiveBookedShipments(db: Db): Promise<ShipmentRow[]> {
  return db.selectFrom('shipments').selectAll().where('booked', '=', 1).where('status', 'in', ['requested', 'pickedUp', 'inTransit']).orderBy('created_at').execute();
}

/** Is the unique "one live shipment per deposit" index what refused this insert? */
export function isLiveShipmentConflict(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? '') + String((error as { constraint?: unknown })?.constraint ?? '');
  return /shipments_one_live_idx|UNIQUE constraint failed: shipments\.deposit_id/.test(text);
}
