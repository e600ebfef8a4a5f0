import { addDays } from '../deposit-rules/dates';
import { daysActiveInMonth, invoiceLineFee, monthBounds } from './invoice';

/**
 * Which days of a month a channel deposit is billed for, and at what principal and fee rate
 * (DOMAIN.md "Platform invoices"). The arithmetic of each line is invoice.ts's; this decides the
 * lines.
 *
 * A deposit is active — its funds placed and earning — on the days its periods cover
 * ([period start, maturity)), up to the day before an approved early withdrawal's break date.
 * That is when the deposit machine holds it `active` (or `breakRequested`): a matured deposit
 * waiting for its payout earns nothing and is not billed, however long staff take to transfer,
 * and a matured deposit extended later is billed again from its new period. A day is billed at
 * the principal of the period in force that day, so an ARO+ rollover bills the capitalised
 * interest from the rollover on, and at the channel's fee rate in force that day, so a rate
 * change bills each day at its own rate even when the run is late. One line is a run of days at
 * one principal and one rate: a plain ARO rollover at an unchanged rate stays one line.
 */

export interface DepositPeriodSpan {
  /** 'YYYY-MM-DD', the first day of the period. */
  periodStart: string;
  /** 'YYYY-MM-DD', the day the period ends (not itself a day of the period). */
  maturityDate: string;
  principal: number;
}

export interface ChannelFeeRate {
  /** 'YYYY-MM-DD' from which the rate applies. */
  effectiveFrom: string;
  /** Basis points a year. */
  feeBps: number;
}

export interface ChannelDeposit {
  depositNumber: string;
  channel: string;
  periods: readonly DepositPeriodSpan[];
  /** The break date of an approved early withdrawal (the first day it is no longer active), else null. */
  brokenOn: string | null;
}

export interface FeeLine {
  depositNumber: string;
  channel: string;
  principal: number;
  /** 'YYYY-MM-DD', the first and last billed day of the line. */
  activeFrom: string;
  activeTo: string;
  days: number;
  feeBps: number;
  fee: number;
}

/** A day to bill with no fee rate in force for its channel: the invoice cannot be issued. */
export class MissingFeeRateError extends Error {
  constructor(
    readonly channel: string,
    readonly date: string,
  ) {
    super(`no fee rate for channel "${channel}" on ${date}`);
    this.name = 'MissingFeeRateError';
  }
}

/** The rate in force on `date`: the latest that took effect on or before it. */
export function feeRateOn(rates: readonly ChannelFeeRate[], date: string): ChannelFeeRate | undefined {
  let found: ChannelFeeRate | undefined;
  for (const rate of rates) {
    if (rate.effectiveFrom <= date && (!found || rate.effectiveFrom > found.effectiveFrom)) found = rate;
  }
  return found;
}

interface Run {
  from: string;
  /** Exclusive. */
  until: string;
  principal: number;
  feeBps: number;
}

/** The deposit's lines in `period` ('YYYY-MM'), earliest first; none when it was not active in the month. */
export function depositInvoiceLines(deposit: ChannelDeposit, rates: readonly ChannelFeeRate[], period: string): FeeLine[] {
  const { first, next } = monthBounds(period);
  const runs: Run[] = [];
  const periods = [...deposit.periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  for (const span of periods) {
    let until = span.maturityDate < next ? span.maturityDate : next;
    if (deposit.brokenOn !== null && deposit.brokenOn < until) until = deposit.brokenOn;
    const from = span.periodStart > first ? span.periodStart : first;
    if (from >= until) continue;
    // The rate changes inside [from, until) split it.
    const cuts = [from, ...rates.map((rate) => rate.effectiveFrom).filter((date) => date > from && date < until).sort(), until];
    for (let index = 0; index + 1 < cuts.length; index += 1) {
      const start = cuts[index]!;
      const end = cuts[index + 1]!;
      if (start === end) continue;
      const rate = feeRateOn(rates, start);
      if (!rate) throw new MissingFeeRateError(deposit.channel, start);
      const last = runs[runs.length - 1];
      if (last && last.until === start && last.principal === span.principal && last.feeBps === rate.feeBps) last.until = end;
      else runs.push({ from: start, until: end, principal: span.principal, feeBps: rate.feeBps });
    }
  }
  return runs.map((run) => {
    const days = daysActiveInMonth(run.from, run.until, period);
    return {
      depositNumber: deposit.depositNumber,
      channel: deposit.channel,
      principal: run.principal,
      activeFrom: run.from,
      activeTo: addDays(run.until, -1),
      days,
      feeBps: run.feeBps,
      fee: invoiceLineFee(run.principal, run.feeBps, days),
    };
  });
}
