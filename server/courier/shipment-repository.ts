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
