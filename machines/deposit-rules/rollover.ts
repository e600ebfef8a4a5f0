/**
 * New periods: ARO / ARO+ rollover at maturity and the extension of a matured deposit
 * (DOMAIN.md glossary and "ARO+").
 *
 * - ARO: the principal rolls unchanged; the ending period's interest is paid out as usual.
 * - ARO+: principal + net interest of the ending period roll together.
 * Both keep the tenor, take the rate in force on the rollover day, and start the new period on
 * the old maturity date (so no day is left without interest). A deposit that matured on a
 * clamped month end keeps that day: 31 Jan → 28 Feb → 28 Mar (the old maturity is the new start).
 */
import { assertWholeNonNegative } from './arithmetic';
import { maturityDate, type IsoDate } from './dates';
import { DepositRuleError } from './errors';

type MaturityInstruction = 'ARO' | 'ARO_PLUS' | 'PAYOUT';

interface DepositPeriod {
  principal: number;
  rateBps: number;
  tenorMonths: number;
  periodStart: IsoDate;
  maturityDate: IsoDate;
}

interface RolloverInput {
  instruction: MaturityInstruction;
  principal: number;
  tenorMonths: number;
  /** Maturity of the ending period = start of the new one. */
  maturityDate: IsoDate;
  /** Product rate for this tenor in force on the rollover day. */
  rateBps: number;
  /** Net interest (after tax) of the ending period; only ARO+ adds it. */
  netInterest: number;
}

/** A period of `tenorMonths` from `periodStart`, its maturity clamped to month ends. */
function newPeriod(principal: number, rateBps: number, tenorMonths: number, periodStart: IsoDate): DepositPeriod {
  assertWholeNonNegative(principal, 'principal');
  assertWholeNonNegative(rateBps, 'rateBps');
  return { principal, rateBps, tenorMonths, periodStart, maturityDate: maturityDate(periodStart, tenorMonths) };
}

export function rolloverPeriod(input: RolloverInput): DepositPeriod {
  assertWholeNonNegative(input.netInterest, 'netInterest');
  if (input.instruction === 'PAYOUT') throw new DepositRuleError('Deposito non-ARO tidak diperpanjang otomatis.');
  const principal = input.instruction === 'ARO_PLUS' ? input.principal + input.netInterest : input.principal;
  return newPeriod(principal, input.rateBps, input.tenorMonths, input.maturityDate);
}

interface ExtensionInput {
  principal: number;
  tenorMonths: number;
  rateBps: number;
  /**
   * The extension day: a matured non-ARO deposit earns nothing while it waits, so the new period
   * starts when staff extend it, not on the old maturity date.
   */
  startDate: IsoDate;
}

export function extensionPeriod(input: ExtensionInput): DepositPeriod {
  return newPeriod(input.principal, input.rateBps, input.tenorMonths, input.startDate);
}

/**
 * ARO+ rolls the ending period's net interest into the principal (DOMAIN.md "ARO+"). The interest
 * not yet transferred — the installment ending on the maturity date — is closed as paid with this
 * reference instead of being transferred, so it never also lands in the monthly transfer template,
 * and the ledger books it as capitalised, not paid out.
 */
export const ARO_PLUS_REFERENCE = 'ARO+ (dikapitalisasi)';
