import { describe, expect, it } from 'vitest';
import { formatDate, formatRate, formatRupiah, interestMonths, jakartaToday, lastTwelveMonths } from '@src/lib/format';

describe('formatDate: DD-MMM-YYYY with dayjs id month names', () => {
  it("gives UI.md's example for a business date in August", () => {
    expect(formatDate('2026-08-15')).toBe('15-Agt-2026');
  });

  it('spells every month the Indonesian way', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatDate(`2026-${String(i + 1).padStart(2, '0')}-01`).slice(3, -5));
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des']);
    expect(formatDate('2026-05-03')).toBe('03-Mei-2026');
  });

  it('never shifts a business date by the time zone', () => {
    expect(formatDate('2026-01-01')).toBe('01-Jan-2026');
    expect(formatDate('2025-12-31')).toBe('31-Des-2025');
  });

  it('shows a UTC timestamp on the day it falls in Jakarta (UTC+7)', () => {
    expect(formatDate('2026-08-14T18:30:00.000Z')).toBe('15-Agt-2026');
    expect(formatDate('2026-08-14T16:59:59.000Z')).toBe('14-Agt-2026');
    expect(formatDate(new Date('2026-12-31T17:00:00Z'))).toBe('01-Jan-2027');
  });

  it('shows "-" for empty or unreadable input', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('bukan tanggal')).toBe('-');
    expect(formatDate('2026-02-30')).toBe('-');
  });
});

describe('lastTwelveMonths: YYYY-MM, newest first, from the current month', () => {
  it('crosses a year boundary', () => {
    expect(lastTwelveMonths('2026-02-10')).toEqual([
      '2026-02', '2026-01', '2025-12', '2025-11', '2025-10', '2025-09',
      '2025-08', '2025-07', '2025-06', '2025-05', '2025-04', '2025-03',
    ]);
  });

  it('covers one calendar year exactly when today is in December', () => {
    expect(lastTwelveMonths('2026-12-31')).toEqual([
      '2026-12', '2026-11', '2026-10', '2026-09', '2026-08', '2026-07',
      '2026-06', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01',
    ]);
  });

  it('refuses a date it cannot read', () => {
    expect(() => lastTwelveMonths('kemarin')).toThrow();
  });
});

describe('jakartaToday', () => {
  it('is the Jakarta calendar date, a day ahead of UTC after 17:00 UTC', () => {
    expect(jakartaToday(new Date('2026-08-14T17:00:00Z'))).toBe('2026-08-15');
    expect(jakartaToday(new Date('2026-08-14T16:59:59Z'))).toBe('2026-08-14');
  });
});

describe('formatRupiah', () => {
  it('writes whole rupiah with dots and a plain space after Rp', () => {
    expect(formatRupiah(1_500_000)).toBe('Rp 1.500.000');
    expect(formatRupiah(1_500_000)).not.toContain('\u00a0');
  });

  it('handles zero, small and large amounts', () => {
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(2_000_000_000_000)).toBe('Rp 2.000.000.000.000');
  });

  it('never shows decimals: fractions round to whole rupiah', () => {
    expect(formatRupiah(1234.4)).toBe('Rp 1.234');
    expect(formatRupiah(1234.5)).toBe('Rp 1.235');
    expect(formatRupiah(-0.4)).toBe('Rp 0');
  });

  it('marks negative amounts with a minus', () => {
    expect(formatRupiah(-2_500)).toBe('-Rp 2.500');
  });

  it('shows "-" for a number that is not one', () => {
    expect(formatRupiah(Number.NaN)).toBe('-');
  });
});

describe('formatRate: basis points as a percentage with a comma', () => {
  it('writes two decimals', () => {
    expect(formatRate(600)).toBe('6,00%');
    expect(formatRate(575)).toBe('5,75%');
    expect(formatRate(5)).toBe('0,05%');
    expect(formatRate(0)).toBe('0,00%');
    expect(formatRate(1250)).toBe('12,50%');
  });
});

describe('interestMonths: Bunga Bulanan reaches the month a holiday carries installments into', () => {
  it('on 31 December offers January (due 31 Dec, paid 2 Jan after the holiday), this month the default', () => {
    const { months, thisMonth } = interestMonths('2026-12-31');
    expect(thisMonth).toBe('2026-12');
    expect(months).toEqual(['2027-01', ...lastTwelveMonths('2026-12-31')]);
  });

  it('mid-year: next month first, then this month and the eleven before', () => {
    expect(interestMonths('2026-03-16').months.slice(0, 3)).toEqual(['2026-04', '2026-03', '2026-02']);
    expect(interestMonths('2026-03-16').months).toHaveLength(13);
  });
});
