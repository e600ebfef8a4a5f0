import { maturityPayout } from '@machines/deposit-rules';
import type { DepositDetail } from '../../lib/deposit-api';

type Payout = DepositDetail['disbursements'][number];
type Installment = DepositDetail['installments'][number];

/** What the deposit owes the customer now, read from the detail the server answered. */
interface AmountsDue {
  /** The payout decided and not transferred yet (a break approved, or a maturity payout requested). */
  payout: Payout | null;
  /** The last payout transferred, once nothing is pending (a closed deposit). */
  paidPayout: Payout | null;
  /** Interest installments posted (pay date reached) and not paid yet, oldest first — not those a pending payout pays. */
  dueInstallments: Installment[];
  /**
   * The installments a payout pays with the principal: a maturity payout every unpaid one (README
   * "Pembayaran saat jatuh tempo"), a break the earlier periods' (README "Pencairan sebelum jatuh
   * tempo"). For a transferred payout, those its transfer marked paid.
   */
  payoutInstallments: Installment[];
  /** Their net interest together: what the transfer for them comes to. */
  dueInterestNet: number;
  /** The tax withheld from them together. */
  dueInterestTax: number;
  /** A matured deposit waiting for its instruction: its principal, owed once a payout is requested. */
  maturedPrincipal: number | null;
  /** When nothing is due yet: the next scheduled installment, so staff see what comes and when. */
  nextInstallment: Installment | null;
}

/**
 * Picks what is due out of the detail's payouts and installments (no figure is recomputed: the
 * server fixed each one when the payout was decided or the installment posted).
 */
export function amountsDue(detail: Pick<DepositDetail, 'status' | 'amount' | 'disbursements' | 'installments'>): AmountsDue {
  const payout = detail.disbursements.find((item) => item.status === 'pending') ?? null;
  const paid = detail.disbursements.filter((item) => item.status === 'paid');
  const posted = detail.installments.filter((item) => item.status === 'due').sort((a, b) => a.payDate.localeCompare(b.payDate));
  // A payout decided pays every installment still due with the principal (a break has ended its own
  // period's): they are in it, not owed beside it.
  const inPayout = payout !== null;
  const dueInstallments = inPayout ? [] : posted;
  const scheduled = detail.installments.filter((item) => item.status === 'scheduled').sort((a, b) => a.payDate.localeCompare(b.payDate));
  const paidPayout = payout ? null : (paid.at(-1) ?? null);
  const paidWith = (transfer: Payout) =>
    detail.installments.filter((item) => item.status === 'paid' && item.reference === transfer.reference && item.paidAt === transfer.paidAt).sort((a, b) => a.payDate.localeCompare(b.payDate));
  return {
    payout,
    paidPayout,
    dueInstallments,
    payoutInstallments: payout ? posted : paidPayout ? paidWith(paidPayout) : [],
    dueInterestNet: dueInstallments.reduce((sum, item) => sum + item.netInterest, 0),
    dueInterestTax: dueInstallments.reduce((sum, item) => sum + item.tax, 0),
    maturedPrincipal: detail.status === 'matured' && !payout ? detail.amount : null,
    nextInstallment: dueInstallments.length === 0 && !inPayout ? (scheduled[0] ?? null) : null,
  };
}

/**
 * What a maturity payout requested now would pay (the request dialog): the principal and every
 * installment not paid yet, by the same rule the server fixes it with. An installment still
 * scheduled shows its schedule-time tax; the server taxes it on the request day.
 */
export function maturityPayoutPreview(detail: Pick<DepositDetail, 'amount' | 'installments'>) {
  const unpaid = detail.installments.filter((item) => item.status === 'scheduled' || item.status === 'due').sort((a, b) => a.payDate.localeCompare(b.payDate));
  return { unpaid, ...maturityPayout(detail.amount, unpaid), interestNet: unpaid.reduce((sum, item) => sum + item.netInterest, 0) };
}
