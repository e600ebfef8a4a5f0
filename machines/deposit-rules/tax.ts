/**
 * PPh final on deposit interest (DOMAIN.md "Tax"): `taxBps` (20% = 2000) of the gross interest,
 * withheld only when the customer's total active principal at this BPR is strictly greater than
 * the threshold (Rp 7.500.000) on the posting date. Both figures are settings.
 */
import { assertWholeNonNegative, bpsOf } from './arithmetic';

export interface TaxSettings {
  taxBps: number;
  /** Total active principal up to and including which no tax is withheld. */
  thresholdRupiah: number;
}

export const DEFAULT_TAX_SETTINGS: TaxSettings = { taxBps: 2000, thresholdRupiah: 7_500_000 };

export interface TaxContext {
  /** The customer's total active principal at this BPR on the posting date. */
  customerActivePrincipal: number;
  settings: TaxSettings;
}

export interface TaxedInterest {
  gross: number;
  tax: number;
  net: number;
}

/** Exactly at the threshold is still tax-free; one rupiah above is taxed. */
export function isTaxWithheld(context: TaxContext): boolean {
  assertWholeNonNegative(context.customerActivePrincipal, 'customerActivePrincipal');
  return context.customerActivePrincipal > context.settings.thresholdRupiah;
}

/** Gross, tax (half-up) and net = gross − tax for one posting. */
export function taxInterest(gross: number, context: TaxContext): TaxedInterest {
  assertWholeNonNegative(gross, 'gross');
  const tax = isTaxWithheld(context) ? bpsOf(gross, context.settings.taxBps) : 0;
  return { gross, tax, net: gross - tax };
}
