import type { BilyetStatus, DepositStatus, ShipmentStatus, SignatureStatus } from '../contract/deposit';
import type { DocumentWorkStep } from '../contract/deposit-api';
import { depositStatusesForBilyet } from './bilyet';

/**
 * Proses Dokumen's work queue (UI.md): the open step of each deposit's documents, one tab each.
 * A step is a set of values of the deposit's track columns, so the server can select it in SQL
 * and anyone can ask which steps a deposit is in (`documentWorkStepsOf`) from the same data. The
 * bilyet steps are disjoint: each names the bilyet's one next move.
 */

export type { DocumentWorkStep };

export interface DocumentWorkFilter {
  depositStatuses: readonly DepositStatus[];
  bilyetStatuses?: readonly BilyetStatus[];
  /** `null` stands for "no shipment yet". */
  shipmentStatuses?: ReadonlyArray<ShipmentStatus | null>;
  signatureStatuses?: readonly SignatureStatus[];
}

interface DocumentWorkStepDefinition extends DocumentWorkFilter {
  id: DocumentWorkStep;
  /** The tab. */
  label: string;
  /** What the row's action does, for the empty state and the tab's title. */
  description: string;
}

const LIVE_SHIPMENT: ReadonlyArray<ShipmentStatus | null> = ['requested', 'pickedUp', 'inTransit'];
const NO_LIVE_SHIPMENT: ReadonlyArray<ShipmentStatus | null> = [null, 'delivered', 'cancelled', 'failed'];
/** A payout waits for the bilyet: break requested, matured, or the transfer under way. */
const PAYOUT_STATUSES: readonly DepositStatus[] = ['breakRequested', 'matured', 'disbursing'];

export const documentWorkSteps: readonly DocumentWorkStepDefinition[] = [
  {
    id: 'upload',
    label: 'Cetak & unggah bilyet',
    description: 'Deposito yang bilyetnya belum diterbitkan, atau hilang dan perlu bilyet pengganti.',
    depositStatuses: ['approved', 'active'],
    bilyetStatuses: ['none', 'lost'],
  },
  {
    id: 'ship',
    label: 'Perlu dikirim',
    description: 'Bilyet sudah terbit dan masih di bank: pesan penjemputan JNE, catat resi, atau catat penyerahan di kantor.',
    depositStatuses: depositStatusesForBilyet,
    bilyetStatuses: ['issued'],
  },
  {
    id: 'transit',
    label: 'Dalam pengiriman',
    description: 'Bilyet dibawa kurir JNE; pelacakan mencatat penerimaan saat terkirim.',
    depositStatuses: depositStatusesForBilyet,
    bilyetStatuses: ['shipped'],
    shipmentStatuses: LIVE_SHIPMENT,
  },
  {
    id: 'receive',
    label: 'Perlu dicatat diterima',
    description: 'Bilyet dikirim dengan resi yang dicatat manual, atau pengiriman JNE gagal: catat tanda terima nasabah.',
    depositStatuses: depositStatusesForBilyet,
    bilyetStatuses: ['shipped'],
    shipmentStatuses: NO_LIVE_SHIPMENT,
  },
  {
    id: 'sign',
    label: 'Menunggu tanda tangan',
    description: 'Dokumen yang sudah dikirim ke nasabah untuk ditandatangani lewat Privy.',
    depositStatuses: depositStatusesForBilyet,
    signatureStatuses: ['sent'],
  },
  {
    id: 'return',
    label: 'Bilyet perlu kembali',
    description: 'Pencairan menunggu bilyet asli dikembalikan nasabah (atau kehilangannya dicatat).',
    depositStatuses: PAYOUT_STATUSES,
    bilyetStatuses: ['received'],
  },
];

export const documentWorkStepById: Record<DocumentWorkStep, DocumentWorkStepDefinition> = Object.fromEntries(documentWorkSteps.map((step) => [step.id, step])) as never;

export interface DocumentTracks {
  status: DepositStatus;
  bilyetStatus: BilyetStatus;
  shipmentStatus: ShipmentStatus | null;
  signatureStatus: SignatureStatus | null;
}

function matchesDocumentWork(filter: DocumentWorkFilter, tracks: DocumentTracks): boolean {
  return (
    filter.depositStatuses.includes(tracks.status) &&
    (filter.bilyetStatuses === undefined || filter.bilyetStatuses.includes(tracks.bilyetStatus)) &&
    (filter.shipmentStatuses === undefined || filter.shipmentStatuses.includes(tracks.shipmentStatus)) &&
    (filter.signatureStatuses === undefined || (tracks.signatureStatus !== null && filter.signatureStatuses.includes(tracks.signatureStatus)))
  );
}

/** The open steps of a deposit's documents, in tab order (empty when nothing is left to do). */
export function documentWorkStepsOf(tracks: DocumentTracks): DocumentWorkStep[] {
  return documentWorkSteps.filter((step) => matchesDocumentWork(step, tracks)).map((step) => step.id);
}
