import { describe, expect, it } from 'vitest';
import { rupiahInWords, terbilang, TERBILANG_MAX } from '../../contract/terbilang';

/** Each expectation worked out by hand, as a teller would write it on a bilyet. */
describe('terbilang: Indonesian words for whole rupiah', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [110, 'seratus sepuluh'],
    [111, 'seratus sebelas'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1_000, 'seribu'],
    [1_100, 'seribu seratus'],
    [2_000, 'dua ribu'],
    [10_000, 'sepuluh ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [101_000, 'seratus satu ribu'],
    [1_000_000, 'satu juta'],
    [1_001_000, 'satu juta seribu'],
    [100_000_000, 'seratus juta'],
    [1_000_000_000, 'satu miliar'],
    [1_250_000_000, 'satu miliar dua ratus lima puluh juta'],
    [1_000_000_000_000, 'satu triliun'],
    [1_500_000_000_000, 'satu triliun lima ratus miliar'],
    [2_000_000_001_000, 'dua triliun seribu'],
    [
      999_999_999_999_999,
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar ' +
        'sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu ' +
        'sembilan ratus sembilan puluh sembilan',
    ],
  ])('%i → "%s"', (n, words) => {
    expect(terbilang(n)).toBe(words);
  });

  it('never writes "milyar" nor "sejuta"', () => {
    expect(terbilang(1_000_000_000)).not.toContain('milyar');
    expect(terbilang(1_000_000)).not.toContain('sejuta');
  });

  it('adds "rupiah" after the words, "nol rupiah" for nothing', () => {
    expect(rupiahInWords(1_250_000_000)).toBe('satu miliar dua ratus lima puluh juta rupiah');
    expect(rupiahInWords(0)).toBe('nol rupiah');
  });

  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [TERBILANG_MAX + 1]])('refuses %d with a RangeError', (n) => {
    expect(() => terbilang(n)).toThrow(RangeError);
    expect(() => rupiahInWords(n)).toThrow(RangeError);
  });
});
