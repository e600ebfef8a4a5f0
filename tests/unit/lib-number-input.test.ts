import { describe, expect, it } from 'vitest';
import { bpsToPercentText, milliPercentToText, readPercentBps, readPercentMilli, readRupiah, readWholeNumber, rupiahToText } from '@src/lib/number-input';

describe('readPercentBps: a percentage typed the Indonesian way, as whole basis points', () => {
  it('reads a decimal comma exactly (no float drift)', () => {
    expect(readPercentBps('5,75', 'Suku bunga')).toEqual({ ok: true, value: 575 });
    // 0.29 * 100 is 28.999999999999996 in floating point: string arithmetic gives 29.
    expect(readPercentBps('0,29', 'Suku bunga')).toEqual({ ok: true, value: 29 });
    expect(readPercentBps('4,35', 'Suku bunga')).toEqual({ ok: true, value: 435 });
  });

  it('reads whole numbers, one decimal, a dot as the decimal point, a % sign and spaces', () => {
    expect(readPercentBps('6', 'x')).toEqual({ ok: true, value: 600 });
    expect(readPercentBps('6,5', 'x')).toEqual({ ok: true, value: 650 });
    expect(readPercentBps('6.25', 'x')).toEqual({ ok: true, value: 625 });
    expect(readPercentBps(' 7,00 % ', 'x')).toEqual({ ok: true, value: 700 });
    expect(readPercentBps('0', 'x')).toEqual({ ok: true, value: 0 });
    expect(readPercentBps('100', 'x')).toEqual({ ok: true, value: 10_000 });
  });

  it('refuses a third decimal, text, a negative and an empty field, naming the field', () => {
    expect(readPercentBps('5,755', 'Suku bunga baris 1')).toEqual({ ok: false, problem: 'Suku bunga baris 1 paling banyak dua angka desimal.' });
    expect(readPercentBps('lima', 'Suku bunga')).toEqual({ ok: false, problem: 'Suku bunga harus berupa angka persen, misalnya 5,75.' });
    expect(readPercentBps('-1', 'Suku bunga').ok).toBe(false);
    expect(readPercentBps('1,2,3', 'Suku bunga').ok).toBe(false);
    expect(readPercentBps('  ', 'Penalti')).toEqual({ ok: false, problem: 'Penalti wajib diisi.' });
  });

  it('shows basis points back with two decimals and a comma', () => {
    expect(bpsToPercentText(575)).toBe('5,75');
    expect(bpsToPercentText(600)).toBe('6,00');
    expect(bpsToPercentText(5)).toBe('0,05');
    expect(bpsToPercentText(10_000)).toBe('100,00');
    for (const bps of [1, 29, 435, 650, 2500]) expect(readPercentBps(bpsToPercentText(bps), 'x')).toEqual({ ok: true, value: bps });
  });
});

describe('readRupiah: whole rupiah with dots for thousands', () => {
  it('reads grouped, plain and "Rp"-prefixed amounts', () => {
    expect(readRupiah('1.500.000', 'Nominal')).toEqual({ ok: true, value: 1_500_000 });
    expect(readRupiah('1500000', 'Nominal')).toEqual({ ok: true, value: 1_500_000 });
    expect(readRupiah('Rp 2.000.000.000', 'Nominal')).toEqual({ ok: true, value: 2_000_000_000 });
    expect(readRupiah('rp.750', 'Nominal')).toEqual({ ok: true, value: 750 });
    expect(readRupiah('0', 'Nominal')).toEqual({ ok: true, value: 0 });
  });

  it('refuses cents, misplaced dots, text and an empty field', () => {
    expect(readRupiah('1.500.000,50', 'Nominal minimum')).toEqual({ ok: false, problem: 'Nominal minimum harus rupiah utuh, tanpa sen.' });
    expect(readRupiah('1.50.000', 'Nominal minimum')).toEqual({ ok: false, problem: 'Nominal minimum harus berupa angka rupiah, misalnya 1.500.000.' });
    expect(readRupiah('satu juta', 'Nominal minimum').ok).toBe(false);
    expect(readRupiah('', 'Nominal minimum')).toEqual({ ok: false, problem: 'Nominal minimum wajib diisi.' });
    expect(readRupiah('99999999999999999999', 'Nominal minimum')).toEqual({ ok: false, problem: 'Nominal minimum terlalu besar.' });
  });

  it('groups an amount for the field', () => {
    expect(rupiahToText(1_500_000)).toBe('1.500.000');
    expect(rupiahToText(750)).toBe('750');
    expect(readRupiah(rupiahToText(5_000_000_000), 'x')).toEqual({ ok: true, value: 5_000_000_000 });
  });
});

describe('readWholeNumber', () => {
  it('reads digits only', () => {
    expect(readWholeNumber(' 12 ', 'Tenor')).toEqual({ ok: true, value: 12 });
    expect(readWholeNumber('1,5', 'Tenor')).toEqual({ ok: false, problem: 'Tenor harus berupa angka bulat.' });
    expect(readWholeNumber('', 'Tenor')).toEqual({ ok: false, problem: 'Tenor wajib diisi.' });
  });
});

describe('percent with three decimals (ratio thresholds)', () => {
  it('reads thousandths of a percent exactly: "1,215" → 1215, "12" → 12000, "94,75%" → 94750', () => {
    expect(readPercentMilli('1,215', 'Batas ROA')).toEqual({ ok: true, value: 1215 });
    expect(readPercentMilli('12', 'Batas KPMM')).toEqual({ ok: true, value: 12_000 });
    expect(readPercentMilli('94,75%', 'Batas LDR')).toEqual({ ok: true, value: 94_750 });
    expect(readPercentMilli('1,2155', 'Batas ROA')).toEqual({ ok: false, problem: 'Batas ROA paling banyak tiga angka desimal.' });
    expect(readPercentMilli('', 'Batas ROA')).toEqual({ ok: false, problem: 'Batas ROA wajib diisi.' });
    expect(milliPercentToText(1215)).toBe('1,215');
    expect(milliPercentToText(12_000)).toBe('12,00');
    expect(milliPercentToText(94_750)).toBe('94,75');
  });
});
