/**
 * The journal lines of each event that moves money (DOMAIN.md "The bank's ledger", its table).
 * Lines name account roles; accounts.ts turns a role into the bank's account code. Every event's
 * lines balance by construction, and amounts that could not have come from the deposit rules
 * (fractions, negatives, net ≠ gross − tax) are refused rather than journalled.
 */
import type { AccountRole } from './accounts';
import { DepositRuleError } from '../deposit-rules/errors';

export type LedgerEvent =
  /** Deposit activated: Dr placementClearing, Cr depositLiability. */
  | { kind: 'placement'; principal: number }
  /** Dr interestExpense, Cr interestPayable; a negative amount swaps the sides (a rounding true-up down). */
  | { kind: 'accrual'; amount: number }
  /** Dr interestPayable gross; Cr taxPayable tax, Cr payoutClearing net. */
  | { kind: 'installmentPosted'; gross: number; tax: number; net: number }
  /** Dr interestPayable gross; Cr taxPayable tax, Cr depositLiability net (the interest becomes principal). */
  | { kind: 'aroPlusRollover'; gross: number; tax: number; net: number }
  /**
   * A break in the two steps the journal books it in (README "Decisions on the domain"): its
   * interest settled on the break date — Dr interestPayable (interest + forfeited); Cr taxPayable
   * tax, Cr interestExpense forfeited, Cr payoutClearing (interest − tax) — as Bunga dan PPh
   * withholds its tax then; and its principal when the payout is transferred — Dr depositLiability
   * principal; Cr penaltyIncome penalty, Cr payoutClearing (principal − penalty), or Dr it when a
   * penalty larger than the principal also takes from the interest. Together: DOMAIN.md's single row.
   */
  | { kind: 'breakSettled'; interest: number; forfeited: number; tax: number }
  | { kind: 'breakTransferred'; principal: number; penalty: number }
  /** Dr depositLiability, Cr payoutClearing. */
  | { kind: 'maturityPaid'; principal: number };

type LedgerEventKind = LedgerEvent['kind'];

/** Indonesian names of the events, for the journal's entries and files. */
export const ledgerEventLabels: Record<LedgerEventKind, string> = {
  placement: 'Penempatan deposito',
  accrual: 'Akrual bunga harian',
  installmentPosted: 'Bunga dibayarkan',
  aroPlusRollover: 'Perpanjangan ARO+',
  breakSettled: 'Bunga pencairan sebelum jatuh tempo',
  breakTransferred: 'Pokok pencairan sebelum jatuh tempo',
  maturityPaid: 'Pencairan saat jatuh tempo',
};

export interface PostingLine {
  role: AccountRole;
  debit: number;
  credit: number;
}

// Names of the amounts as staff know them, for refusals.
const AMOUNT_NAMES: Record<string, string> = {
  principal: 'Pokok',
  amount: 'Akrual',
  gross: 'Bunga bruto',
  tax: 'Pajak',
  net: 'Bunga neto',
  interest: 'Bunga',
  forfeited: 'Bunga yang hangus',
  penalty: 'Penalti',
};

function wholeRupiah(value: number, field: string, signed = false): number {
  if (!Number.isSafeInteger(value) || (!signed && value < 0)) {
    const rule = signed ? 'bilangan bulat rupiah' : 'bilangan bulat rupiah, tidak negatif';
    throw new DepositRuleError(`${AMOUNT_NAMES[field] ?? field} (${String(value)}) untuk jurnal harus ${rule}.`);
  }
  return value;
}

function interestSplit(event: { gross: number; tax: number; net: number }): void {
  wholeRupiah(event.gross, 'gross');
  wholeRupiah(event.tax, 'tax');
  wholeRupiah(event.net, 'net');
  if (event.net !== event.gross - event.tax) {
    throw new DepositRuleError(`Bunga neto (${event.net}) harus sama dengan bunga bruto (${event.gross}) dikurangi pajak (${event.tax}).`);
  }
}

const debit = (role: AccountRole, amount: number): PostingLine => ({ role, debit: amount, credit: 0 });
const credit = (role: AccountRole, amount: number): PostingLine => ({ role, debit: 0, credit: amount });

function linesOf(event: LedgerEvent): PostingLine[] {
  switch (event.kind) {
    case 'placement':
      wholeRupiah(event.principal, 'principal');
      return [debit('placementClearing', event.principal), credit('depositLiability', event.principal)];
    case 'accrual': {
      const amount = wholeRupiah(event.amount, 'amount', true);
      // A day whose rounded target falls (a true-up down) gives back expense already booked.
      return amount >= 0
        ? [debit('interestExpense', amount), credit('interestPayable', amount)]
        : [debit('interestPayable', -amount), credit('interestExpense', -amount)];
    }
    case 'installmentPosted':
      interestSplit(event);
      return [debit('interestPayable', event.gross), credit('taxPayable', event.tax), credit('payoutClearing', event.net)];
    case 'aroPlusRollover':
      interestSplit(event);
      return [debit('interestPayable', event.gross), credit('taxPayable', event.tax), credit('depositLiability', event.net)];
    case 'breakSettled': {
      const { interest, forfeited, tax } = event;
      for (const field of ['interest', 'forfeited', 'tax'] as const) wholeRupiah(event[field], field);
      if (tax > interest) throw new DepositRuleError(`Pajak (${tax}) tidak boleh melebihi bunga yang dibayarkan (${interest}).`);
      return [debit('interestPayable', interest + forfeited), credit('taxPayable', tax), credit('interestExpense', forfeited), credit('payoutClearing', interest - tax)];
    }
    case 'breakTransferred': {
      const { principal, penalty } = event;
      for (const field of ['principal', 'penalty'] as const) wholeRupiah(event[field], field);
      const rest = principal - penalty;
      // A penalty beyond the principal takes the rest from the interest already settled to clearing.
      return rest >= 0
        ? [debit('depositLiability', principal), credit('penaltyIncome', penalty), credit('payoutClearing', rest)]
        : [debit('depositLiability', principal), debit('payoutClearing', -rest), credit('penaltyIncome', penalty)];
    }
    case 'maturityPaid':
      wholeRupiah(event.principal, 'principal');
      return [debit('depositLiability', event.principal), credit('payoutClearing', event.principal)];
    default: {
      const unknown: never = event;
      throw new DepositRuleError(`Jenis kejadian jurnal tidak dikenal: ${String((unknown as { kind?: unknown }).kind)}.`);
    }
  }
}

/**
 * The lines of an event, debits first; lines of 0 are left out (a break without tax has no tax
 * line). Amounts are whole rupiah ≥ 0 (an accrual's is signed) and net = gross − tax, else
 * DepositRuleError. Always balanced.
 */
export function postingLines(event: LedgerEvent): PostingLine[] {
  const lines = linesOf(event).filter((line) => line.debit !== 0 || line.credit !== 0);
  if (!isBalanced(lines)) throw new Error(`postingLines: ${event.kind} does not balance`);
  return lines;
}

export function totals(lines: readonly { debit: number; credit: number }[]): { debit: number; credit: number } {
  let debitTotal = 0;
  let creditTotal = 0;
  for (const line of lines) {
    debitTotal += line.debit;
    creditTotal += line.credit;
  }
  return { debit: debitTotal, credit: creditTotal };
}

export function isBalanced(lines: readonly { debit: number; credit: number }[]): boolean {
  const sum = totals(lines);
  return sum.debit === sum.credit;
}
