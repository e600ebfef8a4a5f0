import { describe, expect, it } from 'vitest';
import type { Product } from '@src/lib/products-api';
import type { ProductSettings } from '@src/lib/product-settings-api';
import { menuFor } from '@src/app/shell/menu';
import {
  blankDraft,
  describeChange,
  draftOf,
  newRatesConsequence,
  prepareChange,
  prepareCreate,
  rateDateProblem,
  tableChanged,
  specialRateText,
  type ProductDraft,
} from '@src/features/products/product-form';
import { activeFilter, canManageProducts, nextRatesText, productActionCopy, scheduleStanding, tenorSummary } from '@src/features/products/product-rules';
import { blankHoliday, holidayYears, lpsInForceFrom, nextHolidayYear, prepareSettings, savedMessage, settingsDraftOf, cutOffProblem } from '@src/features/products/settings-form';

const TODAY = '2026-11-23';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prd-1',
    code: 'DEP-SJP',
    name: 'Deposito Sejahtera Plus',
    active: true,
    visible: true,
    interestPayment: 'AT_MATURITY',
    minAmount: 10_000_000,
    maxAmount: 5_000_000_000,
    instructions: ['PAYOUT', 'ARO'],
    breakPenaltyBps: 50,
    forfeitAccruedInterest: true,
    specialRateCeilingBps: null,
    tenors: [
      { tenorMonths: 6, rateBps: 600 },
      { tenorMonths: 3, rateBps: 575 },
    ],
    rateEffectiveFrom: '2023-11-01',
    nextRates: null,
    lpsFlag: false,
    runningDeposits: 745,
    ...overrides,
  };
}

function filled(overrides: Partial<ProductDraft> = {}): ProductDraft {
  return {
    ...blankDraft(TODAY),
    code: 'DEP-BRU',
    name: 'Deposito Baru',
    minAmount: '1.000.000',
    penalty: '1,25',
    tenors: [
      { key: 'a', months: '6', rate: '6,25' },
      { key: 'b', months: '3', rate: '5,75' },
    ],
    ...overrides,
  };
}

describe('Produk: what the list shows and offers', () => {
  it('writes the tenor table on one line, shortest first', () => {
    expect(tenorSummary(product().tenors)).toBe('3 bln 5,75% · 6 bln 6,00%');
    expect(tenorSummary([])).toBe('-');
  });

  it('says when new rates take effect, only when some are scheduled', () => {
    expect(nextRatesText(product())).toBeNull();
    expect(nextRatesText(product({ nextRates: { effectiveFrom: '2026-12-01', tenors: [] } }))).toBe('Suku bunga baru mulai 01-Des-2026');
  });

  it('lets only an admin change products', () => {
    expect(canManageProducts('ADMIN')).toBe(true);
    expect(canManageProducts('SUPERVISOR')).toBe(false);
    expect(canManageProducts('OPERATOR')).toBe(false);
    expect(canManageProducts(undefined)).toBe(false);
  });

  it('reads the status filter from the URL, anything unknown as every product', () => {
    expect(activeFilter('true')).toBe('true');
    expect(activeFilter('false')).toBe('false');
    expect(activeFilter('')).toBe('');
    expect(activeFilter('nonaktif')).toBe('');
  });

  it('tells before retiring a product that its ARO deposits mature instead of rolling over, with the running count', () => {
    const copy = productActionCopy({ kind: 'deactivate', product: product() });
    expect(copy.body).toContain('tidak lagi menerima penempatan baru');
    expect(copy.body).toContain('745 deposito yang sedang berjalan');
    expect(copy.body).toContain('ARO atau ARO+ tidak diperpanjang');
    expect(copy.danger).toBe(true);
    expect(productActionCopy({ kind: 'deactivate', product: product({ runningDeposits: 0 }) }).body).toContain('Tidak ada deposito berjalan');
    expect(productActionCopy({ kind: 'visibility', product: product(), visible: false }).confirm).toBe('Sembunyikan');
    expect(productActionCopy({ kind: 'visibility', product: product(), visible: true }).confirm).toBe('Tampilkan');
  });

  it('marks a schedule still to come, the one in force, and replaced ones', () => {
    expect(scheduleStanding('2026-12-01', '2023-11-01', TODAY)).toBe('future');
    expect(scheduleStanding('2023-11-01', '2023-11-01', TODAY)).toBe('current');
    expect(scheduleStanding('2020-01-01', '2023-11-01', TODAY)).toBe('past');
  });
});

describe('the product form', () => {
  it('special rates: "0,50" above the LPS rate is sent as 50 basis points; emptied, the product offers none (null); shown in words', () => {
    const current = product({ specialRateCeilingBps: null });
    expect(prepareChange(current, { ...draftOf(current), specialRateCeiling: '0,50' }, TODAY)).toEqual({ ok: true, payload: { id: 'prd-1', specialRateCeilingBps: 50 } });
    const offering = product({ specialRateCeilingBps: 50 });
    expect(draftOf(offering).specialRateCeiling).toBe('0,50');
    expect(prepareChange(offering, { ...draftOf(offering), specialRateCeiling: '' }, TODAY)).toEqual({ ok: true, payload: { id: 'prd-1', specialRateCeilingBps: null } });
    expect([specialRateText(null), specialRateText(50)]).toEqual(['tidak ditawarkan', 'sampai tingkat bunga LPS + 0,50%']);
  });

  it('sends a new product with rates as basis points, amounts as rupiah, and the chosen date', () => {
    const prepared = prepareCreate(filled({ maxAmount: '', rateEffectiveFrom: '2026-12-01' }), TODAY);
    expect(prepared).toEqual({
      ok: true,
      payload: {
        code: 'DEP-BRU',
        name: 'Deposito Baru',
        interestPayment: 'MONTHLY',
        minAmount: 1_000_000,
        maxAmount: null,
        instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'],
        breakPenaltyBps: 125,
        forfeitAccruedInterest: false,
        visible: true,
        specialRateCeilingBps: null,
        tenors: [
          { tenorMonths: 3, rateBps: 575 },
          { tenorMonths: 6, rateBps: 625 },
        ],
        rateEffectiveFrom: '2026-12-01',
      },
    });
  });

  it('lists every problem at once: unreadable numbers first, then the contract schema in the server\'s words', () => {
    const unreadable = prepareCreate(filled({ minAmount: 'sejuta', tenors: [{ key: 'a', months: '3', rate: '5,755' }] }), TODAY);
    expect(unreadable).toEqual({ ok: false, problems: ['Nominal minimum harus berupa angka rupiah, misalnya 1.500.000.', 'Suku bunga baris 1 paling banyak dua angka desimal.'] });
    const invalid = prepareCreate(
      filled({
        code: '',
        instructions: [],
        minAmount: '10.000',
        maxAmount: '5.000',
        tenors: [
          { key: 'a', months: '3', rate: '5' },
          { key: 'b', months: '3', rate: '26' },
        ],
      }),
      TODAY,
    );
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.problems).toEqual(
      expect.arrayContaining([
        'Kode produk wajib diisi.',
        'Pilih paling sedikit satu instruksi jatuh tempo.',
        'Suku bunga paling tinggi 25%.',
        'Setiap tenor hanya boleh muncul sekali.',
        'Nominal minimum tidak boleh melebihi nominal maksimum.',
      ]),
    );
  });

  it('refuses a rate date in the past or none at all', () => {
    expect(rateDateProblem('2026-11-22', TODAY)).toBe('Tanggal berlaku suku bunga paling cepat hari ini.');
    expect(rateDateProblem('', TODAY)).toBe('Tanggal berlaku suku bunga baru wajib diisi.');
    expect(rateDateProblem(TODAY, TODAY)).toBeNull();
    expect(prepareCreate(filled({ rateEffectiveFrom: '2026-11-01' }), TODAY)).toEqual({ ok: false, problems: ['Tanggal berlaku suku bunga paling cepat hari ini.'] });
    // Said once, in the form's words, not again as the schema's date-format message.
    expect(prepareCreate(filled({ rateEffectiveFrom: '' }), TODAY)).toEqual({ ok: false, problems: ['Tanggal berlaku suku bunga baru wajib diisi.'] });
  });

  it('starts an existing product from what it holds and today\'s rates, with no rate date', () => {
    const draft = draftOf(product());
    expect(draft).toMatchObject({ minAmount: '10.000.000', maxAmount: '5.000.000.000', penalty: '0,50', instructions: ['ARO', 'PAYOUT'], rateEffectiveFrom: '' });
    expect(draft.tenors.map(({ months, rate }) => ({ months, rate }))).toEqual([
      { months: '3', rate: '5,75' },
      { months: '6', rate: '6,00' },
    ]);
    expect(tableChanged(draft, product())).toBe(false);
  });

  it('on change sends only what changed; an untouched form sends nothing', () => {
    const current = product();
    expect(prepareChange(current, draftOf(current), TODAY)).toEqual({ ok: true, payload: null });
    const renamed = { ...draftOf(current), name: 'Deposito Sejahtera', maxAmount: '', instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'] as ProductDraft['instructions'] };
    expect(prepareChange(current, renamed, TODAY)).toEqual({ ok: true, payload: { id: 'prd-1', name: 'Deposito Sejahtera', maxAmount: null, instructions: ['ARO', 'ARO_PLUS', 'PAYOUT'] } });
  });

  it('on change sends a new table only with the date it takes effect, and needs that date', () => {
    const current = product();
    const draft = draftOf(current);
    draft.tenors[0]!.rate = '5,9';
    expect(tableChanged(draft, current)).toBe(true);
    expect(prepareChange(current, draft, TODAY)).toEqual({ ok: false, problems: ['Tanggal berlaku suku bunga baru wajib diisi.'] });
    expect(prepareChange(current, { ...draft, rateEffectiveFrom: '2026-12-01' }, TODAY)).toEqual({
      ok: true,
      payload: {
        id: 'prd-1',
        tenors: [
          { tenorMonths: 3, rateBps: 590 },
          { tenorMonths: 6, rateBps: 600 },
        ],
        rateEffectiveFrom: '2026-12-01',
      },
    });
  });

  it('checks a new minimum against the maximum the product keeps', () => {
    const current = product();
    expect(prepareChange(current, { ...draftOf(current), minAmount: '6.000.000.000' }, TODAY)).toEqual({ ok: false, problems: ['Nominal minimum tidak boleh melebihi nominal maksimum.'] });
  });

  it('tells the change and what new rates mean for running deposits', () => {
    const current = product();
    const lines = describeChange(current, { id: 'prd-1', name: 'Deposito Sejahtera', maxAmount: null, tenors: [{ tenorMonths: 3, rateBps: 590 }], rateEffectiveFrom: '2026-12-01' });
    expect(lines).toEqual(['Nama produk: Deposito Sejahtera Plus → Deposito Sejahtera', 'Nominal maksimum: Rp 5.000.000.000 → tanpa batas', 'Suku bunga mulai 01-Des-2026: 3 bln 5,90% (sekarang 3 bln 5,75% · 6 bln 6,00%)']);
    expect(newRatesConsequence(745, '2026-12-01')).toBe(
      'Penempatan baru dan perpanjangan (ARO/ARO+) mulai 01-Des-2026 memakai suku bunga baru. 745 deposito yang sedang berjalan tetap memakai suku bunganya sampai jatuh tempo.',
    );
  });
});

const SETTINGS: ProductSettings = {
  cutOffTime: '15:00',
  holidays: [
    { date: '2027-01-01', name: 'Tahun Baru 2027 Masehi' },
    { date: '2026-12-25', name: 'Kelahiran Yesus Kristus' },
    { date: '2026-01-01', name: 'Tahun Baru 2026 Masehi' },
  ],
  taxBps: 2000,
  taxThresholdRupiah: 7_500_000,
  lpsRates: [
    { effectiveFrom: '2026-03-01', rateBps: 600 },
    { effectiveFrom: '2000-01-01', rateBps: 675 },
  ],
  lpsRateTodayBps: 600,
  lpsCoverageRupiah: 2_000_000_000,
  ratioThresholds: { kpmm: 12, nplGross: 5, ldr: 94.75, roa: 1.215, bopo: 93.52, cashRatio: 4.05 },
  holidayDecrees: { '2026': 'SKB 2026' },
  bilyetNumbering: { source: 'FORM', prefix: '', nextNumber: 1, digits: 6, nextPreview: '000001' },
  updatedAt: null,
};

describe('Pengaturan Produk', () => {
  it('groups holidays by year, oldest first, and opens the year after the last', () => {
    const draft = settingsDraftOf(SETTINGS);
    expect(holidayYears(draft.holidays).map((group) => [group.year, group.rows.map((row) => row.date)])).toEqual([
      ['2026', ['2026-01-01', '2026-12-25']],
      ['2027', ['2027-01-01']],
    ]);
    expect(nextHolidayYear(draft.holidays, TODAY)).toBe('2028');
    expect(nextHolidayYear([], TODAY)).toBe('2026');
  });

  it('saves nothing when nothing changed', () => {
    expect(prepareSettings(SETTINGS, settingsDraftOf(SETTINGS))).toEqual({ ok: true, payload: null });
  });

  it('sends only the settings that changed, a list whole', () => {
    const draft = settingsDraftOf(SETTINGS);
    draft.tax = '15';
    draft.holidays = draft.holidays.filter((row) => row.date !== '2026-12-25');
    draft.holidays.push({ ...blankHoliday('2027'), date: '2027-03-20', name: 'Idul Fitri' });
    expect(prepareSettings(SETTINGS, draft)).toEqual({
      ok: true,
      payload: {
        taxBps: 1500,
        holidays: [
          { date: '2026-01-01', name: 'Tahun Baru 2026 Masehi' },
          { date: '2027-01-01', name: 'Tahun Baru 2027 Masehi' },
          { date: '2027-03-20', name: 'Idul Fitri' },
        ],
      },
    });
  });

  it('sends the LPS rates whole, oldest first, when one is added', () => {
    const draft = settingsDraftOf(SETTINGS);
    draft.lpsRates.push({ key: 'n', effectiveFrom: '2027-01-01', rate: '5,75' });
    draft.lpsCoverage = '2.500.000.000';
    expect(prepareSettings(SETTINGS, draft)).toEqual({
      ok: true,
      payload: {
        lpsCoverageRupiah: 2_500_000_000,
        lpsRates: [
          { effectiveFrom: '2000-01-01', rateBps: 675 },
          { effectiveFrom: '2026-03-01', rateBps: 600 },
          { effectiveFrom: '2027-01-01', rateBps: 575 },
        ],
      },
    });
  });

  it('refuses a holiday without a date, one outside its year, a repeated date, and a bad cut-off', () => {
    const draft = settingsDraftOf(SETTINGS);
    draft.holidays.push(blankHoliday('2027'), { ...blankHoliday('2027'), date: '2028-01-01', name: 'Salah tahun' });
    expect(prepareSettings(SETTINGS, draft)).toEqual({ ok: false, problems: ['Tanggal hari libur 2027 wajib diisi.', 'Tanggal hari libur Salah tahun harus di tahun 2027.'] });
    const repeated = settingsDraftOf(SETTINGS);
    repeated.holidays.push({ ...blankHoliday('2026'), date: '2026-01-01', name: 'Lagi' });
    expect(prepareSettings(SETTINGS, repeated)).toEqual({ ok: false, problems: ['Setiap tanggal libur hanya boleh tercantum sekali.'] });
    expect(cutOffProblem('25:00')).toBe('Jam batas transaksi harus berformat JJ:MM (WIB), misalnya 15:00.');
    expect(cutOffProblem('16:30')).toBeNull();
  });

  it('finds the LPS rate in force today', () => {
    expect(lpsInForceFrom(SETTINGS.lpsRates, TODAY)).toBe('2026-03-01');
    expect(lpsInForceFrom(SETTINGS.lpsRates, '2026-02-28')).toBe('2000-01-01');
    expect(lpsInForceFrom([{ effectiveFrom: '2030-01-01' }], TODAY)).toBeNull();
  });

  it('says after saving how many installments moved, only when some did', () => {
    expect(savedMessage(0)).toBe('Pengaturan produk disimpan.');
    expect(savedMessage(3)).toBe('Pengaturan produk disimpan. 3 angsuran bunga yang belum jatuh tempo pindah ke tanggal bayar lain karena perubahan hari libur.');
  });
});

describe('the menu by role', () => {
  const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).flatMap((entry) => ('links' in entry ? entry.links : [entry])).map((link) => link.label);

  it('shows Pengguna to an admin only, and Produk and Pengaturan Produk to everyone', () => {
    expect(labels('ADMIN')).toContain('Pengguna');
    for (const role of ['SUPERVISOR', 'OPERATOR', undefined] as const) {
      expect(labels(role)).not.toContain('Pengguna');
      expect(labels(role)).toEqual(expect.arrayContaining(['Produk', 'Pengaturan Produk']));
    }
  });
});
