import type { Kysely } from 'kysely';
import type { ShipmentAnswer } from '../../contract/documents';
import { shipmentStatusLabels } from '../../machines/shipment';
import type { Database, ShipmentEventRow, ShipmentRow } from '../platform/db/schema';
import { listShipmentEvents, listShipmentsOfDeposit } from './shipment-repository';

export function toShipmentAnswer(row: ShipmentRow, history: ShipmentEventRow[]): ShipmentAnswer {
  return {
    id: row.id,
    courier: row.courier,
    awb: row.awb,
    status: row.status,
    statusLabel: shipmentStatusLabels[row.status],
    booked: row.booked === 1,
    pickupDate: row.pickup_date,
    pickupTime: row.pickup_time,
    receiverName: row.receiver_name,
    deliveredAt: row.delivered_at,
    trackedAt: row.tracked_at,
    history: history.map((event) => ({ at: event.at, code: event.code, description: event.description, location: event.location })),
  };
}

/** A deposit's shipments with their tracking history, newest first (the deposit detail's `shipments`). */
export async function shipmentsOfDeposit(db: Kysely<Database>, depositId: string): Promise<ShipmentAnswer[]> {
  const rows = await listShipmentsOfDeposit(db, depositId);
  const events = await listShipmentEvents(db, rows.map((row) => row.id));
  return rows.map((row) => toShipmentAnswer(row, events.filter((event) => event.shipment_id === row.id)));
}
