import { describe, expect, it } from 'vitest';
import { balanceSheetRatios, DEFAULT_RATIO_THRESHOLDS, totalAssets } from '@machines/bank-rules';
import { MARCH_2026 } from '../support/march-balance-sheet';

const march = MARCH_2026;

describe('balance-sheet ratios, worked by hand', () => {
  it('total assets: 2 + 8 + 80 − 2 (CKPN) + 3 + 1 = Rp 92 bn', () => {
    expect(totalAssets(march)).toBe(92_000_000_000);
  });

  it('a healthy March: KPMM 11/70, NPL 3/80, LDR 80/85, ROA 2,4/91 annualised, BOPO 3,4/4, cash 10/85,5', () => {
    const ratios = balanceSheetRatios({ period: '2026-03', lines: march, totalAssetsThisYear: [90_000_000_000, 91_000_000_000, 92_000_000_000] });
    // 15,714…% → 15,71; 3,75%; 94,117…% → 94,12; (0,6 × 12 / 3) ÷ 91 = 2,637…% → 2,64; 85%; 11,695…% → 11,70.
    expect(ratios).toEqual({
      kpmm: { value: 15.71, threshold: 12, healthy: true, note: null },
      nplGross: { value: 3.75, threshold: 5, healthy: true, note: null },
      ldr: { value: 94.12, threshold: 94.75, healthy: true, note: null },
      roa: { value: 2.64, threshold: 1.215, healthy: true, note: null },
      bopo: { value: 85, threshold: 93.52, healthy: true, note: null },
      cashRatio: { value: 11.7, threshold: 4.05, healthy: true, note: null },
    });
  });

  it('health is judged on the exact ratio: LDR 94,751% shows 94,75 but is above the 94,75% limit; exactly 94,75% is within it', () => {
    const at = (kredit: number) => balanceSheetRatios({ period: '2026-03', lines: { ...march, kredit, tabungan: 0, deposito: 100_000_000_000 }, totalAssetsThisYear: [] }).ldr;
    expect(at(94_750_000_000)).toMatchObject({ value: 94.75, healthy: true });
    expect(at(94_751_000_000)).toMatchObject({ value: 94.75, healthy: false });
  });

  it('ROA in December is the year-to-date profit itself over the average assets: 1,2149% shows 1,21 and is not healthy; 1,215% shows 1,22 and is', () => {
    const roa = (laba: number) => balanceSheetRatios({ period: '2026-12', lines: { ...march, labaSebelumPajak: laba }, totalAssetsThisYear: [100_000_000_000] }).roa;
    expect(roa(1_214_900_000)).toMatchObject({ value: 1.21, healthy: false });
    expect(roa(1_215_000_000)).toMatchObject({ value: 1.22, healthy: true });
  });

  it('a loss gives a negative ROA, rounded half away from zero', () => {
    const roa = (laba: number) => balanceSheetRatios({ period: '2026-12', lines: { ...march, labaSebelumPajak: laba }, totalAssetsThisYear: [100_000_000_000] }).roa;
    expect(roa(-500_000_000)).toMatchObject({ value: -0.5, healthy: false });
    expect(roa(-1_215_000_000)).toMatchObject({ value: -1.22, healthy: false });
  });

  it('without earlier months on file, ROA averages this month alone', () => {
    // (0,6 × 12 / 3) ÷ 92 = 2,6086…% → 2,61.
    expect(balanceSheetRatios({ period: '2026-03', lines: march, totalAssetsThisYear: [] }).roa.value).toBe(2.61);
  });

  it('a zero denominator gives no value and says which line is zero, never a division by zero', () => {
    const empty = balanceSheetRatios({
      period: '2026-01',
      lines: { ...march, atmr: 0, kredit: 0, tabungan: 0, deposito: 0, pendapatanOperasional: 0, kewajibanSegera: 0, kas: 0, penempatanBankLain: 0, asetTetap: 0, asetLain: 0, ckpn: 0 },
      totalAssetsThisYear: [0],
    });
    expect(empty.kpmm).toEqual({ value: null, threshold: 12, healthy: null, note: 'ATMR bernilai nol: KPMM tidak dapat dihitung.' });
    expect(empty.nplGross.note).toBe('Total kredit bernilai nol: NPL tidak dapat dihitung.');
    expect(empty.ldr.note).toBe('Tabungan dan deposito bernilai nol: LDR tidak dapat dihitung.');
    expect(empty.roa.note).toBe('Rata-rata total aset bernilai nol: ROA tidak dapat dihitung.');
    expect(empty.bopo.note).toBe('Pendapatan operasional bernilai nol: BOPO tidak dapat dihitung.');
    expect(empty.cashRatio.note).toBe('Utang lancar bernilai nol: rasio kas tidak dapat dihitung.');
  });

  it('the thresholds are a setting: KPMM 15,71% is short of a 16% requirement', () => {
    const thresholds = { ...DEFAULT_RATIO_THRESHOLDS, kpmm: { milliPercent: 16_000, healthyWhen: 'atLeast' as const } };
    expect(balanceSheetRatios({ period: '2026-03', lines: march, totalAssetsThisYear: [], thresholds }).kpmm).toMatchObject({ value: 15.71, threshold: 16, healthy: false });
  });
});
