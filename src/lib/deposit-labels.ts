import type { DepositStatus, InterestPayment, MaturityInstruction } from '@contract/deposit';
import type { BadgeTone } from '../components/StatusBadge';

/**
 * How screens name a deposit's maturity instruction and interest payment. One table for every
 * screen (deposits, due dates, change requests, products), so the words never disagree.
 */

export const instructionLabels: Record<MaturityInstruction, string> = {
  ARO: 'ARO (pokok diperpanjang)',
  ARO_PLUS: 'ARO+ (pokok dan bunga diperpanjang)',
  PAYOUT: 'Dicairkan saat jatuh tempo',
};

export const interestPaymentLabels: Record<InterestPayment, string> = {
  MONTHLY: 'Bulanan',
  AT_MATURITY: 'Saat jatuh tempo',
};

/** The badge's tone of each state: what waits for the bank warns, what runs is green, what ended is grey. */
export const statusTones: Record<DepositStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  active: 'success',
  breakRequested: 'warning',
  matured: 'info',
  disbursing: 'warning',
  closed: 'neutral',
  rejected: 'danger',
  cancelled: 'neutral',
};
