/**
 * Beranda's chart of placements and maturities per month: both series drawn side by side for every
 * month (bar heights on one scale), a legend naming them, a description and a table with the same
 * figures, and the typed call that fetches them.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClients } from '@src/lib/api-client';
import { DepositMonthsChart } from '@src/features/home/DepositMonthsChart';
import { fetchDepositMonths, type DepositMonth } from '@src/features/home/use-deposit-months';

afterEach(cleanup);

const MONTHS: DepositMonth[] = [
  { month: '2026-01', placements: { count: 4, amount: 40_000_000 }, maturities: { count: 0, amount: 0 } },
  { month: '2026-02', placements: { count: 2, amount: 15_500_000 }, maturities: { count: 8, amount: 80_000_000 } },
  { month: '2026-03', placements: { count: 0, amount: 0 }, maturities: { count: 3, amount: 20_500_000 } },
];

function bar(month: string, series: string): SVGRectElement {
  const rect = document.querySelector(`[data-month="${month}"] [data-series="${series}"] rect`);
  if (!rect) throw new Error(`no ${series} bar for ${month}`);
  return rect as SVGRectElement;
}

describe('DepositMonthsChart', () => {
  it('draws a placements bar and a maturities bar for every month, on one scale', () => {
    render(<DepositMonthsChart months={MONTHS} />);
    const height = (month: string, series: string) => Number(bar(month, series).getAttribute('height'));
    // The tallest bar is February's 8 maturities: 180 units; the rest in proportion.
    expect(height('2026-02', 'maturities')).toBe(180);
    expect(height('2026-01', 'placements')).toBe(90);
    expect(height('2026-02', 'placements')).toBe(45);
    expect(height('2026-03', 'maturities')).toBe(Math.round((3 / 8) * 180));
    expect(height('2026-01', 'maturities')).toBe(0);
    expect(height('2026-03', 'placements')).toBe(0);
    // Side by side: the maturities bar right of the placements bar, in different colours.
    expect(Number(bar('2026-02', 'maturities').getAttribute('x'))).toBeGreaterThan(Number(bar('2026-02', 'placements').getAttribute('x')));
    expect(bar('2026-02', 'maturities').getAttribute('fill')).not.toBe(bar('2026-02', 'placements').getAttribute('fill'));
  });

  it('names both series in the legend with the colours of their bars, and describes every month', () => {
    render(<DepositMonthsChart months={MONTHS} />);
    const legend = screen.getByTestId('deposit-months-legend');
    expect(legend.textContent).toBe('PenempatanJatuh tempo');
    const swatches = legend.querySelectorAll<HTMLElement>('.bj-chart__swatch');
    expect([...swatches].map((swatch) => swatch.style.background)).toEqual([bar('2026-01', 'placements').getAttribute('fill'), bar('2026-01', 'maturities').getAttribute('fill')]);
    const chart = screen.getByRole('img', { name: /Penempatan dan jatuh tempo deposito per bulan, 3 bulan terakhir/ });
    expect(chart.querySelector('desc')?.textContent).toBe('Jan 26: 4 penempatan, 0 jatuh tempo; Feb 26: 2 penempatan, 8 jatuh tempo; Mar 26: 0 penempatan, 3 jatuh tempo');
  });

  it('gives the same figures with Rupiah amounts in the table', () => {
    render(<DepositMonthsChart months={MONTHS} />);
    const table = screen.getByRole('table', { hidden: true });
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent)).toEqual([
      'Bulan', 'Penempatan', 'Nominal penempatan', 'Jatuh tempo', 'Nominal jatuh tempo',
    ]);
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Jan-2026', '4', 'Rp 40.000.000', '0', 'Rp 0'],
      ['Feb-2026', '2', 'Rp 15.500.000', '8', 'Rp 80.000.000'],
      ['Mar-2026', '0', 'Rp 0', '3', 'Rp 20.500.000'],
    ]);
  });
});

describe('fetchDepositMonths', () => {
  it('asks /bpr/deposit-months on the v2-bpr client for the given months and answers the data', async () => {
    const v2Bpr = vi.fn(async () => ({ status: true, message: 'OK', data: MONTHS }));
    const clients = { v2Bpr } as unknown as ApiClients;
    const signal = new AbortController().signal;
    await expect(fetchDepositMonths(12, signal, clients)).resolves.toEqual(MONTHS);
    expect(v2Bpr).toHaveBeenCalledWith('/bpr/deposit-months', { query: { months: 12 }, signal });
  });
});
