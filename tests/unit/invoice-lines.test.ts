import { describe, expect, it } from 'vitest';
import { depositInvoiceLines, feeRateOn, invoiceTotals, MissingFeeRateError, type ChannelDeposit, type ChannelFeeRate } from '@machines/bank-rules';

/** Every figure below is worked by hand: fee = principal × bps × days ÷ 3.650.000, half-up. */
const at = (feeBps: number, effectiveFrom = '2020-01-01'): ChannelFeeRate[] => [{ effectiveFrom, feeBps }];
const deposit = (periods: ChannelDeposit['periods'], brokenOn: string | null = null): ChannelDeposit => ({ depositNumber: 'DEP-1', channel: 'Komunal', periods, brokenOn });
const span = (periodStart: string, maturityDate: string, principal: number) => ({ periodStart, maturityDate, principal });

describe('the lines of a channel deposit in a month, worked by hand (October 2026, 31 days)', () => {
  it('active the whole month: one line of 31 days — 100.000.000 × 50 × 31 ÷ 3.650.000 = 42.465,75 → 42.466', () => {
    expect(depositInvoiceLines(deposit([span('2026-08-15', '2026-11-15', 100_000_000)]), at(50), '2026-10')).toEqual([
      { depositNumber: 'DEP-1', channel: 'Komunal', principal: 100_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-31', days: 31, feeBps: 50, fee: 42_466 },
    ]);
  });

  it('placed on the 10th: 10–31 Oct = 22 days — 25.000.000 × 75 × 22 ÷ 3.650.000 = 11.301,37 → 11.301', () => {
    expect(depositInvoiceLines(deposit([span('2026-10-10', '2027-01-10', 25_000_000)]), at(75), '2026-10')).toMatchObject([
      { activeFrom: '2026-10-10', activeTo: '2026-10-31', days: 22, fee: 11_301 },
    ]);
  });

  it('matured on the 25th and waiting for its payout: 1–24 Oct = 24 days — 15.000.000 × 50 × 24 ÷ 3.650.000 = 4.931,51 → 4.932', () => {
    expect(depositInvoiceLines(deposit([span('2026-07-25', '2026-10-25', 15_000_000)]), at(50), '2026-10')).toMatchObject([
      { activeFrom: '2026-10-01', activeTo: '2026-10-24', days: 24, fee: 4_932 },
    ]);
  });

  it('ARO+ rolled over on the 20th: 19 days at the old principal (13.013,70 → 13.014), 12 at the new one (8.312,40 → 8.312)', () => {
    const lines = depositInvoiceLines(deposit([span('2026-10-20', '2027-01-20', 50_567_123), span('2026-07-20', '2026-10-20', 50_000_000)]), at(50), '2026-10');
    expect(lines.map(({ principal, activeFrom, activeTo, days, fee }) => ({ principal, activeFrom, activeTo, days, fee }))).toEqual([
      // 50.000.000 × 50 × 19 = 47.500.000.000 ÷ 3.650.000 = 13.013,70
      { principal: 50_000_000, activeFrom: '2026-10-01', activeTo: '2026-10-19', days: 19, fee: 13_014 },
      // 50.567.123 × 50 × 12 = 30.340.273.800 ÷ 3.650.000 = 8.312,40
      { principal: 50_567_123, activeFrom: '2026-10-20', activeTo: '2026-10-31', days: 12, fee: 8_312 },
    ]);
  });

  it('a plain ARO rollover (same principal, same rate) stays one line of 31 days', () => {
    const lines = depositInvoiceLines(deposit([span('2026-07-05', '2026-10-05', 100_000_000), span('2026-10-05', '2027-01-05', 100_000_000)]), at(50), '2026-10');
    expect(lines).toMatchObject([{ activeFrom: '2026-10-01', activeTo: '2026-10-31', days: 31, fee: 42_466 }]);
  });

  it('broken on the 12th: active up to the day before — 1–11 Oct = 11 days; 10.000.000 × 100 × 11 ÷ 3.650.000 = 3.013,70 → 3.014', () => {
    expect(depositInvoiceLines(deposit([span('2026-09-01', '2026-12-01', 10_000_000)], '2026-10-12'), at(100), '2026-10')).toMatchObject([
      { activeFrom: '2026-10-01', activeTo: '2026-10-11', days: 11, fee: 3_014 },
    ]);
  });

  it('matured on the 8th and extended on the 15th: the days in between are not billed (7 days → 2.301, 17 days → 5.589)', () => {
    const lines = depositInvoiceLines(deposit([span('2026-07-08', '2026-10-08', 20_000_000), span('2026-10-15', '2026-11-15', 20_000_000)]), at(60), '2026-10');
    // 20.000.000 × 60 × 7 = 8.400.000.000 ÷ 3.650.000 = 2.301,37; × 17 = 20.400.000.000 ÷ 3.650.000 = 5.589,04.
    expect(lines.map(({ activeFrom, activeTo, days, fee }) => ({ activeFrom, activeTo, days, fee }))).toEqual([
      { activeFrom: '2026-10-01', activeTo: '2026-10-07', days: 7, fee: 2_301 },
      { activeFrom: '2026-10-15', activeTo: '2026-10-31', days: 17, fee: 5_589 },
    ]);
  });

  it('a fee rate changing on the 16th splits the month: 15 days at 50 bps (20.547,95 → 20.548), 16 at 40 bps (17.534,25 → 17.534)', () => {
    const rates = [...at(50, '2026-01-01'), ...at(40, '2026-10-16')];
    expect(depositInvoiceLines(deposit([span('2026-08-15', '2026-11-15', 100_000_000)]), rates, '2026-10')).toMatchObject([
      { activeFrom: '2026-10-01', activeTo: '2026-10-15', days: 15, feeBps: 50, fee: 20_548 },
      { activeFrom: '2026-10-16', activeTo: '2026-10-31', days: 16, feeBps: 40, fee: 17_534 },
    ]);
    expect(feeRateOn(rates, '2026-10-15')?.feeBps).toBe(50);
    expect(feeRateOn(rates, '2026-10-16')?.feeBps).toBe(40);
    expect(feeRateOn(rates, '2025-12-31')).toBeUndefined();
  });

  it('no line when the deposit was not active in the month: ended on the 1st, or starting next month', () => {
    expect(depositInvoiceLines(deposit([span('2026-07-01', '2026-10-01', 10_000_000)]), at(50), '2026-10')).toEqual([]);
    expect(depositInvoiceLines(deposit([span('2026-11-01', '2027-02-01', 10_000_000)]), at(50), '2026-10')).toEqual([]);
    expect(depositInvoiceLines(deposit([span('2026-09-01', '2026-12-01', 10_000_000)], '2026-10-01'), at(50), '2026-10')).toEqual([]);
  });

  it('February of a leap year: 29 days — 36.500.000 × 100 × 29 ÷ 3.650.000 = 29.000 exactly', () => {
    expect(depositInvoiceLines(deposit([span('2028-01-10', '2028-04-10', 36_500_000)]), at(100), '2028-02')).toMatchObject([{ days: 29, fee: 29_000 }]);
  });

  it('a billed day without a fee rate in force refuses the whole deposit, naming the channel and the day', () => {
    const refused = () => depositInvoiceLines(deposit([span('2026-08-15', '2026-11-15', 100_000_000)]), at(50, '2026-10-10'), '2026-10');
    expect(refused).toThrow(MissingFeeRateError);
    expect(refused).toThrow('no fee rate for channel "Komunal" on 2026-10-01');
  });

  it('an invoice of the first, second and broken lines: 42.466 + 11.301 + 3.014 = 56.781; DPP 52.049,25 → 52.049; PPN 6.245,88 → 6.246; total 63.027', () => {
    expect(invoiceTotals([42_466, 11_301, 3_014])).toEqual({ subtotal: 56_781, dpp: 52_049, ppn: 6_246, total: 63_027 });
  });
});
