import type { InterestPayment, MaturityInstruction } from '../../../contract/deposit';

/** Indonesian words for codes that appear in the Excel files (UI.md: Indonesian wherever a person reads). */
export const instructionLabels: Record<MaturityInstruction, string> = { ARO: 'ARO', ARO_PLUS: 'ARO+', PAYOUT: 'Non-ARO' };
export const interestPaymentLabels: Record<InterestPayment, string> = { MONTHLY: 'Bulanan', AT_MATURITY: 'Saat Jatuh Tempo' };
export const disbursementKindLabels: Record<'break' | 'maturity', string> = { break: 'Pencairan Awal', maturity: 'Jatuh Tempo' };
export const disbursementStatusLabels: Record<'pending' | 'paid', string> = { pending: 'Menunggu Pencairan', paid: 'Sudah Dibayar' };
