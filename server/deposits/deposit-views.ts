import type { DepositActions, DepositDetail, DepositSummary } from '../../contract/deposit-api';
import { depositEventLabels, depositStatusLabels } from '../../machines/deposit';
import { bilyetEventLabels, bilyetStatusLabels } from '../../machines/bilyet';
import { shipmentEventLabels } from '../../machines/shipment';
import { signatureEventLabels } from '../../machines/signature';
import { holdEventLabels } from '../../machines/hold';
import { lpsFlags, lpsSettingsOn, offeredTenor, tenorsOn } from '../../machines/deposit-rules';
import { maskNik } from '../../machines/customer-rules';
import type { AuditWithActor } from './audit-repository';
import { productRules, type DepositSettings, type ProductWithRates } from '../products/product-service';
import { breakRequestOf, parseSettlement } from './deposit-state';
import type { CustomerRow, DepositPeriodRow, DepositRow, DisbursementRow, InstallmentRow } from '../platform/db/schema';
import { toInstallment } from '../interest/installment-service';
import { toDisbursement } from '../disbursements/payout-service';
import type { OutboxRow } from '../platform/outbox/outbox-repository';
import { actorName } from '../platform/actor';

/** Row → contract shapes (contract/deposit-api.ts). No rules here: flags come from lpsFlags. */

/** What the documents and courier areas add to a deposit's detail (main.ts wires them in). */
export interface DepositTracks {
  bilyet: Omit<DepositDetail['bilyet'], 'status' | 'statusLabel' | 'number'>;
  shipments: DepositDetail['shipments'];
  holds: DepositDetail['holds'];
}

/** A deposit is judged with the LPS rate in force on its period's start (DOMAIN.md). */
const lpsSettings = (settings: DepositSettings, periodStart: string) => lpsSettingsOn({ lpsRates: settings.lpsRates, lpsMaxBalanceRupiah: settings.lpsMaxBalance }, periodStart);

/** A list row: the customer's NIK masked (DOMAIN.md: whole only on the customer's and the deposit's page). */
export function toDepositSummary(row: DepositRow, productName: string, settings: DepositSettings, customerTotalPrincipal?: number): DepositSummary {
  return {
    id: row.id,
    depositNumber: row.deposit_number,
    status: row.status,
    statusLabel: depositStatusLabels[row.status],
    customer: { id: row.customer_id, name: row.customer_name, nik: row.customer_nik ? maskNik(row.customer_nik) : '' },
    product: { id: row.product_id, name: productName },
    amount: Number(row.amount),
    rateBps: row.rate_bps,
    tenorMonths: row.tenor_months,
    placementDate: row.placement_date,
    depositDate: row.deposit_date,
    periodStart: row.period_start,
    maturityDate: row.maturity_date,
    periodNumber: row.period_number,
    maturityInstruction: row.maturity_instruction,
    interestPayment: row.interest_payment,
    channel: row.channel,
    partnerReferenceNo: row.partner_reference_no,
    held: row.hold_label != null,
    bilyet: { status: row.bilyet_status, number: row.bilyet_number },
    shipmentStatus: row.shipment_status,
    signatureStatus: row.signature_status,
    breakRequest: breakRequestOf(row),
    settlement: parseSettlement(row.settlement),
    closeReason: row.close_reason,
    statusReason: row.status_reason,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    flags: lpsFlags({
      rateBps: row.rate_bps,
      ...(customerTotalPrincipal !== undefined ? { customerTotalPrincipal } : {}),
      settings: lpsSettings(settings, row.period_start),
    }),
  };
}

/** Records that are not machine events, by the name the timeline keeps. */
const RECORD_LABELS: Record<string, string> = {
  'deposit.create': 'Penempatan Diterima',
  'deposit.import': 'Dipindahkan dari sistem lama',
  'deposit.changeInstruction': 'Ubah Instruksi Jatuh Tempo',
  'deposit.changePayoutAccount': 'Ubah Rekening Pencairan',
  'deposit.requestChange': 'Ajukan Permintaan Perubahan',
  'document.upload': 'Unggah Dokumen',
  'signature.send': 'Kirim untuk Tanda Tangan',
};
const TIMELINE_LABELS: Record<string, string> = { ...RECORD_LABELS, ...depositEventLabels, ...bilyetEventLabels, ...shipmentEventLabels, ...signatureEventLabels, ...holdEventLabels };

function timelineLabel(event: string): string {
  return TIMELINE_LABELS[event] ?? event;
}


function toTimelineEntry(row: AuditWithActor) {
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, name: actorName(row.actor_id, row.actor_name) },
    event: row.event,
    eventLabel: timelineLabel(row.event),
    from: row.from_status,
    to: row.to_status,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

export function toDepositDetail(parts: {
  row: DepositRow;
  customer: CustomerRow;
  product: ProductWithRates;
  settings: DepositSettings;
  customerTotalPrincipal: number;
  periods: DepositPeriodRow[];
  installments: InstallmentRow[];
  disbursements: DisbursementRow[];
  timeline: AuditWithActor[];
  notifications: OutboxRow[];
  actions: DepositActions;
  today: string;
  tracks: DepositTracks;
}): DepositDetail {
  const { row, customer, product } = parts;
  const productRateBps = offeredTenor(productRules(product), row.tenor_months, row.period_start)?.rateBps ?? null;
  return {
    ...toDepositSummary(row, product.name, parts.settings, parts.customerTotalPrincipal),
    customer: {
      id: customer.id,
      name: customer.name,
      nik: customer.nik,
      npwp: customer.npwp,
      phone: customer.phone,
      email: customer.email,
      address: customer.address,
      payoutAccount: { bankName: customer.payout_bank_name, accountNumber: customer.payout_account_number, accountName: customer.payout_account_name },
      riskLevel: customer.risk_level,
    },
    productRateBps,
    specialRate: productRateBps !== null && row.rate_bps > productRateBps,
    product: {
      id: product.id,
      name: product.name,
      active: product.active === 1,
      interestPayment: product.interest_payment,
      penaltyBps: product.penalty_bps,
      forfeitAccruedInterest: product.forfeit_accrued_interest === 1,
      // What an extension today would be offered.
      tenors: [...tenorsOn(product, parts.today)],
    },
    customerTotalPrincipal: parts.customerTotalPrincipal,
    periods: parts.periods.map((period) => ({
      periodNumber: period.period_number,
      periodStart: period.period_start,
      maturityDate: period.maturity_date,
      amount: Number(period.amount),
      rateBps: period.rate_bps,
      tenorMonths: period.tenor_months,
      maturityInstruction: period.maturity_instruction,
      startedBy: period.started_by,
    })),
    installments: parts.installments.map(toInstallment),
    disbursements: parts.disbursements.map(toDisbursement),
    timeline: parts.timeline.map(toTimelineEntry),
    notifications: parts.notifications.map((message) => ({
      id: message.id,
      eventType: message.event_type,
      at: message.created_at,
      status: message.status,
      attempts: message.attempts,
      deliveredAt: message.delivered_at,
      lastStatus: message.last_status,
      lastError: message.last_error,
    })),
    allowedEvents: parts.actions.allowedEvents,
    blockedEvents: parts.actions.blockedEvents,
    bilyet: { status: row.bilyet_status, statusLabel: bilyetStatusLabels[row.bilyet_status], number: row.bilyet_number, ...parts.tracks.bilyet },
    shipments: parts.tracks.shipments,
    holds: parts.tracks.holds,
    holdLabel: row.hold_label ?? null,
    today: parts.today,
  };
}
