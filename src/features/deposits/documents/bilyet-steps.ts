import type { BilyetEventType, BilyetStatus } from '@contract/deposit';
import type { Role } from '@contract/auth';
import { bilyetAllowedEvents, bilyetContext, restoreBilyet } from '@machines/bilyet';
import type { DepositDetail, DepositSummary } from '../../../lib/deposit-api';
import {
  documentsApi,
  type BookPickup,
  type DocumentsApi,
  type PickupBooked,
  type ReceiveBilyet,
  type RecordResi,
  type ReportLostBilyet,
  type ReturnBilyet,
  type UnshipBilyet,
  type UploadBilyet,
} from '../../../lib/documents-api';

/**
 * The dialogs of the bilyet's journey staff fill in (API.md "Documents, signature, courier"). Two
 * of them record the same event: `handOver` and `receive` are both `bilyet.receive`, at the counter
 * for a bilyet still at the bank and from the courier for one sent out.
 */
export type BilyetStepKind = 'upload' | 'bookPickup' | 'recordResi' | 'handOver' | 'receive' | 'unship' | 'return' | 'reportLost';

interface BilyetStepCopy {
  /** The button that opens the dialog, and the dialog's confirm button. */
  label: string;
  /** The toast once the server recorded it. */
  success: string;
  danger?: boolean;
}

export const bilyetStepCopy: Record<BilyetStepKind, BilyetStepCopy> = {
  upload: { label: 'Unggah bilyet', success: 'Bilyet diterbitkan.' },
  bookPickup: { label: 'Pesan JNE', success: 'Penjemputan JNE dipesan.' },
  recordResi: { label: 'Catat resi', success: 'Resi pengiriman bilyet dicatat.' },
  handOver: { label: 'Serahkan di kantor', success: 'Penyerahan bilyet di kantor dicatat.' },
  receive: { label: 'Catat diterima', success: 'Bilyet dicatat diterima nasabah.' },
  unship: { label: 'Bilyet kembali ke bank', success: 'Bilyet dicatat kembali di bank.' },
  return: { label: 'Catat pengembalian', success: 'Pengembalian bilyet dicatat.' },
  reportLost: { label: 'Catat hilang', success: 'Kehilangan bilyet dicatat.', danger: true },
};

/** The deposit a dialog acts on, as both the work queue's rows and the detail know it. */
export interface BilyetStepTarget {
  depositId: string;
  depositNumber: string;
  customerName: string;
  bilyetStatus: BilyetStatus;
  bilyetNumber: string | null;
  /** The number printed on the paper awaiting its scan's upload (the detail knows it; a list row does not). */
  printedNumber?: string | null;
  /** Business date (Asia/Jakarta): the default and latest date of what happened. */
  today: string;
}

/**
 * The dialogs the bilyet's allowed events open: the server's bilyet machine decided the events
 * for this user today (`detail.bilyet.allowedEvents`); this only says which dialog records each.
 */
export function stepsForBilyet(bilyet: { status: BilyetStatus; allowedEvents: readonly BilyetEventType[] }): BilyetStepKind[] {
  const steps: BilyetStepKind[] = [];
  const allowed = (type: BilyetEventType) => bilyet.allowedEvents.includes(type);
  if (allowed('bilyet.issue') || allowed('bilyet.reissue')) steps.push('upload');
  if (allowed('bilyet.ship')) steps.push('bookPickup', 'recordResi');
  // The server records a receipt of a bilyet still at the bank as a handover at the counter.
  if (allowed('bilyet.receive')) steps.push(bilyet.status === 'issued' ? 'handOver' : 'receive');
  if (allowed('bilyet.unship')) steps.push('unship');
  if (allowed('bilyet.return')) steps.push('return');
  if (allowed('bilyet.reportLost')) steps.push('reportLost');
  return steps;
}

/**
 * The bilyet events this user may start today on a listed deposit, by the bilyet machine: a list
 * row carries the tracks the machine decides on (deposit, bilyet and shipment status), though not
 * the server's `allowedEvents` the detail has. The server decides again when the step is sent.
 */
export function bilyetEventsForRow(row: Pick<DepositSummary, 'id' | 'status' | 'bilyet' | 'shipmentStatus'>, user: { id: string; role: Role }, today: string): BilyetEventType[] {
  const context = bilyetContext({ depositId: row.id, depositStatus: row.status, shipmentStatus: row.shipmentStatus, number: row.bilyet.number });
  return bilyetAllowedEvents(restoreBilyet(row.bilyet.status, context), { id: user.id, role: user.role }, today);
}

/** What a dialog sends: the step and its fields. */
export type BilyetStepRequest =
  | { kind: 'upload'; input: UploadBilyet }
  | { kind: 'bookPickup'; input: BookPickup }
  | { kind: 'recordResi'; input: RecordResi }
  | { kind: 'handOver' | 'receive'; input: ReceiveBilyet }
  | { kind: 'unship'; input: UnshipBilyet }
  | { kind: 'return'; input: ReturnBilyet }
  | { kind: 'reportLost'; input: ReportLostBilyet };

/** The server's answer: the deposit's detail after the step, or the booked pickup (which answers its own shape). */
export type BilyetStepAnswer = { kind: 'detail'; detail: DepositDetail } | { kind: 'pickup'; pickup: PickupBooked };

/** Sends one step with its Idempotency-Key. */
export async function sendBilyetStep(request: BilyetStepRequest, key: string, calls: DocumentsApi = documentsApi): Promise<BilyetStepAnswer> {
  const detail = (answer: DepositDetail): BilyetStepAnswer => ({ kind: 'detail', detail: answer });
  switch (request.kind) {
    case 'upload':
      return detail(await calls.uploadBilyet(request.input, key));
    case 'bookPickup':
      return { kind: 'pickup', pickup: await calls.bookPickup(request.input, key) };
    case 'recordResi':
      return detail(await calls.recordResi(request.input, key));
    case 'handOver':
    case 'receive':
      return detail(await calls.receiveBilyet(request.input, key));
    case 'unship':
      return detail(await calls.unshipBilyet(request.input, key));
    case 'return':
      return detail(await calls.returnBilyet(request.input, key));
    case 'reportLost':
      return detail(await calls.reportLostBilyet(request.input, key));
  }
}
