import type { InterestPayment, MaturityInstruction } from '@contract/deposit';

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
