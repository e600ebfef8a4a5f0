/**
 * The payout at maturity (pencairan jatuh tempo) of a non-ARO deposit, README "Decisions on the
 * domain": the bank pays the principal and every interest installment still unpaid — normally
 * the last period's interest — in one transfer, and the deposit closes with nothing owed.
 *
 *   payout = principal + Σ net of the unpaid installments
 *   interest = Σ gross, tax = Σ tax (each installment keeps its own rounded figures: posted ones
 *   as posted, the rest taxed on the payout request, as their posting would have)
 *
 * The installments settled this way are marked paid with the payout's transfer when it is
 * recorded; until then they belong to the payout and not to the monthly transfer template.
 */
import { assertWholeNonNegative } from './arithmetic';
import { DepositRuleError } from './errors';

interface UnpaidInstallment {
  grossInterest: number;
  tax: number;
  netInterest: number;
}

interface MaturityPayout {
  principal: number;
  /** Gross interest of the settled installments. */
  interest: number;
  tax: number;
  /** What is transferred: principal + net interest. */
  amount: number;
}

export function maturityPayout(principal: number, unpaid: readonly UnpaidInstallment[]): MaturityPayout {
  assertWholeNonNegative(principal, 'principal');
  let interest = 0;
  let tax = 0;
  let net = 0;
  for (const item of unpaid) {
    assertWholeNonNegative(item.grossInterest, 'grossInterest');
    assertWholeNonNegative(item.tax, 'tax');
    assertWholeNonNegative(item.netInterest, 'netInterest');
    if (item.grossInterest - item.tax !== item.netInterest) throw new DepositRuleError('Bunga bersih harus sama dengan bunga kotor dikurangi pajak.');
    interest += item.grossInterest;
    tax += item.tax;
    net += item.netInterest;
  }
  return { principal, interest, tax, amount: principal + net };
}
