/**
 * Stop-ARO cut-off (DOMAIN.md `deposit.stopAro`): the instruction may be changed to PAYOUT only
 * before the cut-off = maturity − 1 working day. "Before" is strict: on the cut-off day itself the
 * bank is already preparing the rollover, so the last day to stop is the day before it.
 */
import { isBefore, previousWorkingDay, type Holidays, type IsoDate } from './dates';

/** The working day before maturity (weekends and holidays skipped). */
export function stopAroCutoff(maturityDate: IsoDate, holidays: Holidays = []): IsoDate {
  return previousWorkingDay(maturityDate, holidays);
}

export function isBeforeStopAroCutoff(today: IsoDate, maturityDate: IsoDate, holidays: Holidays = []): boolean {
  return isBefore(today, stopAroCutoff(maturityDate, holidays));
}
