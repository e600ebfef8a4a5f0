import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createPickupFieldsSchema, shipmentIdSchema, trackingQuerySchema, type ShipmentAnswer } from '../../contract/documents';
import type { ShipmentStatus } from '../../contract/deposit';
import { bilyetEventForShipment, decideShipment, pickupDateProblem, restoreShipment, shipmentContext, shipmentStatusLabels, type ShipmentContext, type TrackedStatus } from '../../machines/shipment';
import type { Actor } from '../../machines/deposit-rules';
import { bankCourierContact } from '../auth/profile-service';
import { applyTrackChange, businessToday, refusalError, SYSTEM_ACTOR } from '../deposits/transition-service';
import { findCustomerOfBank } from '../deposits/deposit-service';
import type { BilyetService } from '../documents/bilyet-service';
import type { StaffActor } from '../platform/actor';
import { jakartaLocalTimestamp } from '../platform/business-date';
import type { Clock } from '../platform/clock';
import type { Database, ShipmentEventRow, ShipmentRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import { ProviderError } from '../platform/provider-http';
import { parseFields, parseOrThrow } from '../platform/validation';
import { enqueueFollowUp } from '../platform/outbox/follow-ups';
import { courierAddressOf, courierAddressOfPlace } from './courier-address';
import type { CourierClient, CourierParty, Tracking } from './jne-client';
import { drawResiLabel } from './resi-label-pdf';
import {
  addShipmentEvents,
  findShipmentByAwb,
  findShipmentOfBank,
  insertShipment,
  isLiveShipmentConflict,
  listLiveBookedShipments,
  listShipmentEvents,
  listShipmentsOfDeposit,
  updateShipment,
} from './shipment-repository';

/**
 * JNE shipments of bilyets (DOMAIN.md "Documents and their journey"): booking a pickup ships the
 * bilyet, cancelling before pickup brings it back, and tracking (on demand and by the daily job)
 * moves the shipment until `delivered` marks the bilyet received with JNE's receiver. Every change
 * is decided by machines/shipment.ts, and its bilyet consequence (bilyetEventForShipment) by the
 * bilyet machine through BilyetService.step, in the same transaction as the shipment's rows.
 */

const JNE = 'JNE';
/** JNE may not know a fresh AWB for a while after booking; until then "not found" means "no news". */
const FRESH_BOOKING_MS = 2 * 24 * 60 * 60 * 1000;
const LIVE: readonly ShipmentStatus[] = ['requested', 'pickedUp', 'inTransit'];

function toShipmentAnswer(row: ShipmentRow, history: ShipmentEventRow[]): ShipmentAnswer {
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

/** A JNE pickup just booked for a deposit's bilyet: requested, the receiver stored with the shipper beside (for the resi label). */
export function bookedShipmentRow(
  booking: { id: string; bankId: string; depositId: string; awb: string; pickupDate: string; pickupTime: string; receiver: CourierParty; shipper: CourierParty; createdBy: string },
  now: string,
): ShipmentRow {
  return {
    id: booking.id,
    bank_id: booking.bankId,
    deposit_id: booking.depositId,
    courier: JNE,
    service: 'REG',
    awb: booking.awb,
    status: 'requested',
    booked: 1,
    pickup_date: booking.pickupDate,
    pickup_time: booking.pickupTime,
    receiver: JSON.stringify({ ...booking.receiver, shipper: booking.shipper }),
    receiver_name: null,
    delivered_at: null,
    tracked_at: null,
    created_by: booking.createdBy,
    created_at: now,
    updated_at: now,
  };
}

/** The history rows of a shipment as the courier reported it. */
export function shipmentEventRows(shipmentId: string, history: Tracking['history']): ShipmentEventRow[] {
  return history.map((entry) => ({ shipment_id: shipmentId, at: entry.at, code: entry.code, description: entry.description, location: entry.location }));
}

function contextOf(row: ShipmentRow): ShipmentContext {
  return shipmentContext({
    shipmentId: row.id,
    depositId: row.deposit_id,
    courier: row.courier,
    awb: row.awb,
    requestedOn: jakartaLocalTimestamp(row.created_at).slice(0, 10),
    deliveredAt: row.delivered_at ? jakartaLocalTimestamp(row.delivered_at) : null,
    receiverName: row.receiver_name,
  });
}

interface ShipmentServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  courier: CourierClient;
  bilyets: BilyetService;
  logger?: Logger;
}

export function createShipmentService(deps: ShipmentServiceDeps) {
  const { db, clock, courier, bilyets } = deps;
  const actorOf = (actor: StaffActor): Actor => ({ id: actor.userId, role: actor.role });

  async function answerOf(row: ShipmentRow): Promise<ShipmentAnswer> {
    return toShipmentAnswer(row, await listShipmentEvents(db, [row.id]));
  }

  async function requireShipment(actor: StaffActor, query: Record<string, unknown>): Promise<ShipmentRow> {
    const { shipmentId } = parseOrThrow(shipmentIdSchema, query);
    const row = await findShipmentOfBank(db, actor.bankId, shipmentId);
    if (!row) throw new ServiceError('not-found', 'Pengiriman tidak ditemukan.');
    return row;
  }

  /**
   * Stores what JNE reported for a shipment: new history rows, and — when it is news — the
   * shipment's status, the deposit's shipment_status and the bilyet's consequence, in one transaction.
   */
  async function applyTracking(row: ShipmentRow, tracking: Tracking, actor: Actor): Promise<ShipmentRow> {
    const now = clock.now().toISOString();
    const today = businessToday(clock);
    const latest = tracking.history.at(-1);
    const event = {
      type: 'shipment.track' as const,
      status: tracking.status as TrackedStatus,
      at: jakartaLocalTimestamp(tracking.deliveredAt ?? latest?.at ?? now),
      ...(tracking.receiverName ? { receiverName: tracking.receiverName } : {}),
      actor,
      today,
    };
    return db.transaction().execute(async (trx) => {
      const current = (await trx.selectFrom('shipments').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ShipmentRow;
      await addShipmentEvents(trx, shipmentEventRows(row.id, tracking.history));
      const decision = decideShipment(restoreShipment(current.status, contextOf(current)), event);
      if (!decision.ok) {
        // A finished shipment, or a report our rules refuse (a time in the future): keep the history, say why in the log.
        deps.logger?.warn({ shipmentId: row.id, awb: row.awb, reason: decision.refusal.message }, 'tracking result not applied');
        await updateShipment(trx, row.id, { tracked_at: now, updated_at: now });
        return { ...current, tracked_at: now };
      }
      const delivered = decision.status === 'delivered' && current.status !== 'delivered';
      const changes: Partial<ShipmentRow> = {
        status: decision.status,
        tracked_at: now,
        updated_at: now,
        ...(delivered ? { receiver_name: tracking.receiverName, delivered_at: tracking.deliveredAt ?? now } : {}),
      };
      await updateShipment(trx, row.id, changes);
      if (decision.changed) {
        const payload = { shipmentId: row.id, awb: row.awb, status: decision.status, statusLabel: shipmentStatusLabels[decision.status], ...(delivered ? { receiverName: tracking.receiverName } : {}) };
        const bilyetEvent = bilyetEventForShipment(current.status, decision.status, decision.context, { actor, today });
        const bilyetStatus = (await trx.selectFrom('deposits').select('bilyet_status').where('id', '=', row.deposit_id).executeTakeFirstOrThrow()).bilyet_status;
        if (bilyetEvent && bilyetEvent.type === 'bilyet.receive' && bilyetStatus === 'shipped') {
          const { type: _type, actor: _actor, today: _today, ...rest } = bilyetEvent;
          await bilyets.step(trx, {
            bankId: null,
            depositId: row.deposit_id,
            actor,
            event: { type: 'bilyet.receive', ...rest },
            timeline: { ...payload, receivedAt: rest.receivedAt, receivedBy: rest.receivedBy },
            shipmentStatus: decision.status,
            columns: { shipment_status: decision.status },
          });
        } else {
          // Staff may have recorded the receipt already: the shipment's news goes on the timeline alone.
          await applyTrackChange(trx, { bankId: null, depositId: row.deposit_id, actor, event: 'shipment.track', payload, change: async () => ({ shipment_status: decision.status }) }, now);
        }
      }
      return { ...current, ...changes } as ShipmentRow;
    });
  }

  /** Asks JNE and stores the answer; "not found" right after booking is no news. */
  async function refresh(row: ShipmentRow, actor: Actor): Promise<ShipmentRow> {
    if (row.booked !== 1 || !LIVE.includes(row.status)) return row;
    let tracking: Tracking;
    try {
      tracking = await courier.track(row.awb);
    } catch (error) {
      const fresh = clock.now().getTime() - Date.parse(row.created_at) < FRESH_BOOKING_MS;
      if (error instanceof ProviderError && error.kind === 'not-found' && fresh) return row;
      throw error;
    }
    return applyTracking(row, tracking, actor);
  }

  return {
    /** POST /jne/create-pickup: books JNE for the bilyet, which is then shipped (201). */
    async createPickup(actor: StaffActor, fields: Record<string, unknown>): Promise<{ shipmentId: string; awb: string; status: 'requested' }> {
      const parsed = parseFields(createPickupFieldsSchema, fields);
      if (!parsed.success) throw new ValidationError(parsed.messages);
      const { depositId, pickupDate, pickupTime, address } = parsed.data;
      const today = businessToday(clock);
      const dateProblem = pickupDateProblem(pickupDate, today);
      if (dateProblem) throw new ValidationError([dateProblem]);
      const who = actorOf(actor);
      // Asked before JNE is called: a booking the bilyet cannot take would only need cancelling.
      const deposit = await bilyets.check({ bankId: actor.bankId, depositId, actor: who, event: { type: 'bilyet.ship', courier: JNE, awb: 'pending' } });
      const live = await db.selectFrom('shipments').select('awb').where('deposit_id', '=', depositId).where('status', 'in', [...LIVE]).executeTakeFirst();
      if (live) throw new ServiceError('conflict', `Bilyet ini sudah memiliki pengiriman yang berjalan (resi ${live.awb}).`);

      const customer = await findCustomerOfBank(db, actor.bankId, deposit.customer_id);
      const bank = await bankCourierContact(db, actor.bankId, actor.userId);
      const problems: string[] = [];
      const receiverAddress = courierAddressOf(customer?.address);
      // A pickup address typed for this booking wins; else the bank's picked areas; else its line.
      const pickupAddress = address ? courierAddressOf(address) : (courierAddressOfPlace(bank.place) ?? courierAddressOf(bank.address));
      if (!receiverAddress) problems.push('Alamat nasabah belum lengkap untuk kurir: tulis sebagai "Jalan …, Kota/Kabupaten, Provinsi", lalu pesan lagi.');
      if (!customer?.phone) problems.push('Nomor telepon nasabah belum tercatat; kurir membutuhkannya untuk pengantaran.');
      if (!pickupAddress) problems.push(address ? 'Alamat penjemputan harus menyebut kota: "Jalan …, Kota/Kabupaten, Provinsi".' : 'Alamat bank di Profil Bank belum lengkap: pilih provinsi, kota/kabupaten dan kecamatan bank di Profil Bank, atau isi alamat penjemputan.');
      if (!bank.phone) problems.push('Belum ada nomor telepon staf bank untuk dihubungi kurir; isi nomor telepon di profil pengguna.');
      if (problems.length > 0) throw new ValidationError(problems);

      const shipper: CourierParty = { name: bank.name, contact: bank.contact ?? bank.name, phone: bank.phone!, ...pickupAddress! };
      const receiver: CourierParty = { name: customer!.name, phone: customer!.phone!, address: receiverAddress!.address, city: receiverAddress!.city, zip: receiverAddress!.zip, region: receiverAddress!.region };
      const shipmentId = randomUUID();
      const booked = await courier.createPickup({ reference: shipmentId, pickupDate, pickupTime, shipper, receiver, specialInstruction: `BILYET ${deposit.bilyet_number ?? deposit.deposit_number}` });

      const now = clock.now().toISOString();
      const row = bookedShipmentRow({ id: shipmentId, bankId: actor.bankId, depositId, awb: booked.awb, pickupDate, pickupTime, receiver, shipper, createdBy: actor.userId }, now);
      try {
        await db.transaction().execute(async (trx) => {
          await insertShipment(trx, row);
          const bilyetEvent = bilyetEventForShipment(null, 'requested', contextOf(row), { actor: who, today })!;
          const { actor: _actor, today: _today, ...event } = bilyetEvent;
          await bilyets.step(trx, {
            bankId: actor.bankId,
            depositId,
            actor: who,
            event,
            timeline: { courier: JNE, awb: booked.awb, shipmentId, pickupDate, pickupTime },
            shipmentStatus: 'requested',
            columns: { shipment_status: 'requested' },
          });
        });
      } catch (error) {
        // The booking exists at JNE but not here (someone shipped it meanwhile): take it back.
        await courier.cancelPickup(booked.awb).catch((cancelError: unknown) => deps.logger?.error({ err: cancelError, awb: booked.awb }, 'could not cancel a JNE booking we did not record'));
        if (isLiveShipmentConflict(error)) throw new ServiceError('conflict', 'Bilyet ini sudah memiliki pengiriman yang berjalan.');
        throw error;
      }
      return { shipmentId, awb: booked.awb, status: 'requested' };
    },

    /** POST /jne/cancel-pickup: only before the courier has collected it; the bilyet is back at the bank. */
    async cancelPickup(actor: StaffActor, fields: Record<string, unknown>): Promise<ShipmentAnswer> {
      const row = await requireShipment(actor, fields);
      const who = actorOf(actor);
      const today = businessToday(clock);
      const decision = decideShipment(restoreShipment(row.status, contextOf(row)), { type: 'shipment.cancel', actor: who, today });
      if (!decision.ok) throw refusalError(decision.refusal);
      if (row.booked !== 1) throw new ServiceError('conflict', 'Pengiriman ini tidak dipesan lewat JNE; tidak ada penjemputan untuk dibatalkan.');
      await courier.cancelPickup(row.awb);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await updateShipment(trx, row.id, { status: 'cancelled', updated_at: now });
        await bilyets.step(trx, {
          bankId: actor.bankId,
          depositId: row.deposit_id,
          actor: who,
          event: { type: 'bilyet.unship' },
          timeline: { shipmentId: row.id, awb: row.awb, reason: 'Penjemputan JNE dibatalkan' },
          shipmentStatus: 'cancelled',
          columns: { shipment_status: 'cancelled' },
        });
      });
      return answerOf({ ...row, status: 'cancelled', updated_at: now });
    },

    /** GET /jne/tracking: asks JNE now and answers the shipment as stored after it. */
    async track(actor: StaffActor, query: Record<string, unknown>): Promise<ShipmentAnswer> {
      const { awb } = parseOrThrow(trackingQuerySchema, query);
      const row = await findShipmentByAwb(db, actor.bankId, awb);
      if (!row) throw new ServiceError('not-found', 'Pengiriman dengan nomor resi ini tidak ditemukan di bank ini.');
      return answerOf(await refresh(row, actorOf(actor)));
    },

    /** GET /jne/print-resi: the A6 label of a booked shipment. */
    async label(actor: StaffActor, query: Record<string, unknown>): Promise<{ doc: PDFKit.PDFDocument; filename: string }> {
      const row = await requireShipment(actor, query);
      if (row.booked !== 1) throw new ServiceError('conflict', 'Resi hanya dapat dicetak untuk penjemputan yang dipesan lewat JNE.');
      if (row.status === 'cancelled') throw new ServiceError('conflict', 'Penjemputan ini sudah dibatalkan; resinya tidak berlaku.');
      const stored = JSON.parse(row.receiver) as CourierParty & { shipper?: CourierParty };
      const sender = stored.shipper ?? (await senderOfBank(db, actor));
      const doc = await drawResiLabel({
        service: row.service ?? 'REG',
        awb: row.awb,
        sender: { name: sender.name, address: sender.address ?? '', phone: sender.phone ?? '', city: sender.city ?? '', zip: sender.zip ?? '' },
        receiver: { name: stored.name, address: stored.address, phone: stored.phone, city: stored.city, zip: stored.zip ?? '' },
        pickupDate: row.pickup_date ?? row.created_at.slice(0, 10),
        weightKg: 1,
      });
      return { doc, filename: `resi-jne-${row.awb}.pdf` };
    },

    /** The daily job: every booked shipment under way, tracked as SYSTEM; one failure does not stop the rest. */
    async refreshAll(): Promise<{ tracked: number; failed: number }> {
      let tracked = 0;
      let failed = 0;
      for (const row of await listLiveBookedShipments(db)) {
        try {
          await refresh(row, SYSTEM_ACTOR);
          tracked += 1;
        } catch (error) {
          failed += 1;
          deps.logger?.warn({ err: error, shipmentId: row.id, awb: row.awb }, 'tracking a shipment failed; asked again within minutes (outbox follow-up)');
          await enqueueFollowUp(db, clock, { kind: 'jne.tracking', subjectId: row.id, bankId: row.bank_id, body: { bankId: row.bank_id } });
        }
      }
      return { tracked, failed };
    },

    /** The follow-up of a tracking that failed: JNE asked again for this shipment; throws while it still fails. */
    async retryTracking(shipmentId: string, bankId: string): Promise<void> {
      const row = await findShipmentOfBank(db, bankId, shipmentId);
      if (row) await refresh(row, SYSTEM_ACTOR);
    },
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;

/** The bank as a label's sender, for a shipment booked before the shipper was stored with it. */
async function senderOfBank(db: Kysely<Database>, actor: StaffActor): Promise<{ name: string; address: string; phone: string; city: string; zip: string }> {
  const bank = await bankCourierContact(db, actor.bankId, actor.userId);
  const place = courierAddressOfPlace(bank.place) ?? courierAddressOf(bank.address);
  return { name: bank.name, address: place?.address ?? bank.address ?? '', phone: bank.phone ?? '', city: place?.city ?? '', zip: place?.zip ?? '' };
}
