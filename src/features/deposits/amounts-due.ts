import type { DepositDetail } from '../../lib/deposit-api';

type Payout = DepositDetail['disbursements'][number];
type Installment = DepositDetail['installments'][number];

/** What the deposit owes the customer now, read from the detail the server answered. */
export interface AmountsDue {
  /** The payout decided and not transferred yet (a break approved, or a maturity payout requested). */
  payout: Payout | null;
  /** The last payout transferred, once nothing is pending (a closed deposit). */
  paidPayout: Payout | null;
  /** Interest installments posted (pay date reached) and not paid yet, oldest first. */
  dueInstallments: Installment[];
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
  const dueInstallments = detail.installments.filter((item) => item.status === 'due').sort((a, b) => a.payDate.localeCompare(b.payDate));
  const scheduled = detail.installments.filter((item) => item.status === 'scheduled').sort((a, b) => a.payDate.localeCompare(b.payDate));
  return {
    payout,
    paidPayout: payout ? null : (paid.at(-1) ?? null),
    dueInstallments,
    dueInterestNet: dueInstallments.reduce((sum, item) => sum + item.netInterest, 0),
    dueInterestTax: dueInstallments.reduce((sum, item) => sum + item.tax, 0),
    maturedPrincipal: detail.status === 'matured' && !payout ? detail.amount : null,
    nextInstallment: dueInstallments.length === 0 ? (scheduled[0] ?? null) : null,
  };
}
