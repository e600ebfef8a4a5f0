/**
 * Early withdrawal (pencairan sebelum jatuh tempo), DOMAIN.md "Break":
 *   payout = principal + unpaid accrued net interest to the break date − penalty.
 *
 * Unpaid accrued interest = the gross of every installment of the current period whose accrual
 * period ended on or before the break date and that is not paid yet (at its scheduled, already
 * rounded amount, so staff see the same figure as on the schedule) + the interest of the running
 * installment from its start to the break date (actual/365, half-up). Installments already paid
 * are never clawed back.
 *
 * The product decides the penalty: `penaltyBps` of the principal (half-up) and whether the unpaid
 * accrued interest is forfeited. Tax is withheld on the interest actually paid, with the same
 * threshold rule as any posting (see tax.ts) on the break date.
 *
 * Never negative: a bank does not collect a debt from the depositor through a payout, so a
 * penalty larger than principal + net interest is applied only up to that amount.
 *
 * Interest of an earlier period still unpaid (an ARO deposit's ending installment, rolled over
 * before Bunga Bulanan transferred it) was earned in full before the break: the payout settles it
 * too, at its posted figures, untouched by the penalty or the forfeit (README "Pencairan sebelum
 * jatuh tempo"). The `penalty` returned is the amount applied, so always
 *   principal + accruedInterest − tax − penalty + earlierInterest − earlierTax = payout.
 */
import { bpsOf } from './arithmetic';
import { daysBetween, isBefore, isOnOrBefore, type IsoDate } from './dates';
import { DepositRuleError } from './errors';
import { interestForPeriod } from './interest';
import { taxInterest, type TaxContext } from './tax';
import { formatDateId } from './format';

export interface PenaltyRule {
  /** Share of the principal charged, in bps (1% = 100). */
  penaltyBps: number;
  /** True when the product forfeits the unpaid accrued interest on a break. */
  forfeitAccruedInterest: boolean;
}

export interface InstallmentState {
  periodStart: IsoDate;
  periodEnd: IsoDate;
  grossInterest: number;
  paid: boolean;
}

interface BreakInput {
  principal: number;
  rateBps: number;
  /** Current period: start (value date or last rollover) and maturity. */
  periodStart: IsoDate;
  maturityDate: IsoDate;
  breakDate: IsoDate;
  /** The current period's installments with their paid flag; empty = nothing paid, accrue from periodStart. */
  installments: readonly InstallmentState[];
  penalty: PenaltyRule;
  tax: TaxContext;
  /** Earlier periods' installments not paid yet, with the tax of their posting (or of posting them now). */
  earlierInstallments?: readonly EarlierInstallment[];
}

export interface EarlierInstallment {
  grossInterest: number;
  tax: number;
}

export interface BreakPreview {
  principal: number;
  /** Gross unpaid interest accrued to the break date that will be paid (0 when forfeited). */
  accruedInterest: number;
  /** Gross unpaid interest accrued but forfeited by the product rule. */
  forfeitedInterest: number;
  tax: number;
  /** Penalty applied (capped so the payout is never negative). */
  penalty: number;
  /** Gross of earlier periods' unpaid installments, settled by this payout. */
  earlierInterest: number;
  /** Their tax, withheld as posted. */
  earlierTax: number;
  payout: number;
}

/** Unpaid gross interest accrued from the period start up to (not including) the break date. */
function unpaidAccruedInterest(input: Pick<BreakInput, 'principal' | 'rateBps' | 'periodStart' | 'breakDate' | 'installments'>): number {
  if (input.installments.length === 0) {
    return interestForPeriod(input.principal, input.rateBps, daysBetween(input.periodStart, input.breakDate));
  }
  let total = 0;
  for (const item of input.installments) {
    if (item.paid) continue;
    if (isOnOrBefore(item.periodEnd, input.breakDate)) {
      total += item.grossInterest;
    } else if (isBefore(item.periodStart, input.breakDate)) {
      total += interestForPeriod(input.principal, input.rateBps, daysBetween(item.periodStart, input.breakDate));
    }
  }
  return total;
}

/** The figures staff see before requesting a break and that approveBreak fixes. */
export function previewBreak(input: BreakInput): BreakPreview {
  if (isBefore(input.breakDate, input.periodStart) || !isBefore(input.breakDate, input.maturityDate)) {
    throw new DepositRuleError(
      `Tanggal pencairan awal harus antara ${formatDateId(input.periodStart)} dan sebelum jatuh tempo ${formatDateId(input.maturityDate)}.`,
    );
  }
  const unpaid = unpaidAccruedInterest(input);
  const accruedInterest = input.penalty.forfeitAccruedInterest ? 0 : unpaid;
  const { tax, net } = taxInterest(accruedInterest, input.tax);
  const fullPenalty = bpsOf(input.principal, input.penalty.penaltyBps);
  const penalty = Math.min(fullPenalty, input.principal + net);
  const earlier = input.earlierInstallments ?? [];
  const earlierInterest = earlier.reduce((sum, item) => sum + item.grossInterest, 0);
  const earlierTax = earlier.reduce((sum, item) => sum + item.tax, 0);
  return {
    principal: input.principal,
    accruedInterest,
    forfeitedInterest: unpaid - accruedInterest,
    tax,
    penalty,
    earlierInterest,
    earlierTax,
    payout: input.principal + net - penalty + earlierInterest - earlierTax,
  };
}
