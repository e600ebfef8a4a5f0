import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ROLES,
  accountFor,
  accountRoleLabels,
  isBalanced,
  ledgerEventLabels,
  mappingProblems,
  postingLines,
  totals,
  type AccountMapping,
  type LedgerEvent,
  type PostingLine,
} from '@machines/ledger-rules';
import { DepositRuleError } from '@machines/deposit-rules';

// DOMAIN.md "The bank's ledger": one case per row of its table, amounts worked by hand.
describe('postingLines: the journal of each event', () => {
  it('placement of Rp 50.000.000: Dr placement clearing, Cr deposit liability', () => {
    expect(postingLines({ kind: 'placement', principal: 50_000_000 })).toEqual([
      { role: 'placementClearing', debit: 50_000_000, credit: 0 },
      { role: 'depositLiability', debit: 0, credit: 50_000_000 },
    ]);
  });

  it('a day of accrual: Dr interest expense, Cr accrued interest payable', () => {
    expect(postingLines({ kind: 'accrual', amount: 16_438 })).toEqual([
      { role: 'interestExpense', debit: 16_438, credit: 0 },
      { role: 'interestPayable', debit: 0, credit: 16_438 },
    ]);
  });

  it('an accrual of −3 (a true-up down) swaps the sides', () => {
    expect(postingLines({ kind: 'accrual', amount: -3 })).toEqual([
      { role: 'interestPayable', debit: 3, credit: 0 },
      { role: 'interestExpense', debit: 0, credit: 3 },
    ]);
  });

  it('an installment posted: gross 246.575 = tax 49.315 + net 197.260', () => {
    // 246 575 − 49 315 = 197 260; debit 246 575 = credits 49 315 + 197 260.
    expect(postingLines({ kind: 'installmentPosted', gross: 246_575, tax: 49_315, net: 197_260 })).toEqual([
      { role: 'interestPayable', debit: 246_575, credit: 0 },
      { role: 'taxPayable', debit: 0, credit: 49_315 },
      { role: 'payoutClearing', debit: 0, credit: 197_260 },
    ]);
  });

  it('an ARO+ rollover: the net interest becomes principal (deposit liability)', () => {
    // 246 575 − 49 315 = 197 260 added to the deposit.
    expect(postingLines({ kind: 'aroPlusRollover', gross: 246_575, tax: 49_315, net: 197_260 })).toEqual([
      { role: 'interestPayable', debit: 246_575, credit: 0 },
      { role: 'taxPayable', debit: 0, credit: 49_315 },
      { role: 'depositLiability', debit: 0, credit: 197_260 },
    ]);
  });

  /** The two steps' lines netted per role: what DOMAIN.md's single row for a break books. */
  const netted = (...groups: PostingLine[][]) => {
    const sums = new Map<string, number>();
    for (const line of groups.flat()) sums.set(line.role, (sums.get(line.role) ?? 0) + line.debit - line.credit);
    return Object.fromEntries([...sums].filter(([, amount]) => amount !== 0));
  };

  it('a break that forfeits its interest: settled on its break date (the forfeited accrual back to expense), its principal on the transfer', () => {
    // principal 100 000 000, interest paid 0, forfeited 410 959, tax 0, penalty 1 000 000:
    //   settled:     Dr payable 0 + 410 959 = 410 959;  Cr expense 410 959 (payout clearing 0 − 0 = 0, no line)
    //   transferred: Dr liability 100 000 000;  Cr penalty 1 000 000, Cr clearing 100 000 000 − 1 000 000 = 99 000 000
    const settled = postingLines({ kind: 'breakSettled', interest: 0, forfeited: 410_959, tax: 0 });
    const transferred = postingLines({ kind: 'breakTransferred', principal: 100_000_000, penalty: 1_000_000 });
    expect(settled).toEqual([
      { role: 'interestPayable', debit: 410_959, credit: 0 },
      { role: 'interestExpense', debit: 0, credit: 410_959 },
    ]);
    expect(transferred).toEqual([
      { role: 'depositLiability', debit: 100_000_000, credit: 0 },
      { role: 'penaltyIncome', debit: 0, credit: 1_000_000 },
      { role: 'payoutClearing', debit: 0, credit: 99_000_000 },
    ]);
    // DOMAIN.md's row: Dr liability 100 000 000, Dr payable 410 959; Cr penalty 1 000 000, Cr clearing 99 000 000, Cr expense 410 959.
    expect(netted(settled, transferred)).toEqual({ depositLiability: 100_000_000, interestPayable: 410_959, penaltyIncome: -1_000_000, payoutClearing: -99_000_000, interestExpense: -410_959 });
  });

  it('a break that pays its interest: tax withheld on the break date, penalty taken on the transfer', () => {
    // interest 410 959, tax 82 192 (20 % = 82 191,8 → 82 192), penalty 500 000:
    //   settled:     Dr payable 410 959;  Cr tax 82 192, Cr clearing 410 959 − 82 192 = 328 767
    //   transferred: Dr liability 100 000 000;  Cr penalty 500 000, Cr clearing 99 500 000
    //   clearing in all: 328 767 + 99 500 000 = 99 828 767 = 100 000 000 + 410 959 − 82 192 − 500 000
    const settled = postingLines({ kind: 'breakSettled', interest: 410_959, forfeited: 0, tax: 82_192 });
    const transferred = postingLines({ kind: 'breakTransferred', principal: 100_000_000, penalty: 500_000 });
    expect(settled).toEqual([
      { role: 'interestPayable', debit: 410_959, credit: 0 },
      { role: 'taxPayable', debit: 0, credit: 82_192 },
      { role: 'payoutClearing', debit: 0, credit: 328_767 },
    ]);
    expect(netted(settled, transferred)).toEqual({ depositLiability: 100_000_000, interestPayable: 410_959, penaltyIncome: -500_000, taxPayable: -82_192, payoutClearing: -99_828_767 });
  });

  it('a penalty beyond the principal takes the rest from the interest already in clearing', () => {
    // principal 1 000 000, interest 10 000, tax 2 000, penalty 1 008 000 (capped: 1 000 000 + 10 000 − 2 000):
    //   settled clearing 8 000; transferred: Dr liability 1 000 000, Dr clearing 8 000; Cr penalty 1 008 000 → clearing nets to 0.
    const settled = postingLines({ kind: 'breakSettled', interest: 10_000, forfeited: 0, tax: 2_000 });
    const transferred = postingLines({ kind: 'breakTransferred', principal: 1_000_000, penalty: 1_008_000 });
    expect(transferred).toEqual([
      { role: 'depositLiability', debit: 1_000_000, credit: 0 },
      { role: 'payoutClearing', debit: 8_000, credit: 0 },
      { role: 'penaltyIncome', debit: 0, credit: 1_008_000 },
    ]);
    expect(netted(settled, transferred)).toEqual({ depositLiability: 1_000_000, interestPayable: 10_000, taxPayable: -2_000, penaltyIncome: -1_008_000 });
  });

  it('a payout at maturity: Dr deposit liability, Cr payout clearing', () => {
    expect(postingLines({ kind: 'maturityPaid', principal: 50_000_000 })).toEqual([
      { role: 'depositLiability', debit: 50_000_000, credit: 0 },
      { role: 'payoutClearing', debit: 0, credit: 50_000_000 },
    ]);
  });

  it('lines of 0 are left out', () => {
    // An installment under the tax threshold: tax 0 → no tax line.
    expect(postingLines({ kind: 'installmentPosted', gross: 12_000, tax: 0, net: 12_000 })).toEqual([
      { role: 'interestPayable', debit: 12_000, credit: 0 },
      { role: 'payoutClearing', debit: 0, credit: 12_000 },
    ]);
    expect(postingLines({ kind: 'accrual', amount: 0 })).toEqual([]);
    expect(postingLines({ kind: 'placement', principal: 0 })).toEqual([]);
  });

  it('every line holds a debit or a credit, never both, and every event balances', () => {
    const events: LedgerEvent[] = [
      { kind: 'placement', principal: 50_000_000 },
      { kind: 'accrual', amount: -3 },
      { kind: 'installmentPosted', gross: 246_575, tax: 49_315, net: 197_260 },
      { kind: 'aroPlusRollover', gross: 246_575, tax: 49_315, net: 197_260 },
      { kind: 'breakSettled', interest: 410_959, forfeited: 0, tax: 82_192 },
      { kind: 'breakTransferred', principal: 100_000_000, penalty: 500_000 },
      { kind: 'breakTransferred', principal: 1_000_000, penalty: 1_008_000 },
      { kind: 'maturityPaid', principal: 50_000_000 },
    ];
    for (const event of events) {
      const lines = postingLines(event);
      expect(isBalanced(lines)).toBe(true);
      for (const line of lines) expect(line.debit === 0 || line.credit === 0).toBe(true);
      // Debits come first.
      const firstCredit = lines.findIndex((line) => line.credit > 0);
      expect(lines.slice(firstCredit).every((line) => line.debit === 0)).toBe(true);
    }
  });

  it('refuses amounts the deposit rules could not have produced, in Indonesian', () => {
    const refused = (event: LedgerEvent) => () => postingLines(event);
    // 246 575 − 49 315 = 197 260, not 197 261.
    expect(refused({ kind: 'installmentPosted', gross: 246_575, tax: 49_315, net: 197_261 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'installmentPosted', gross: 246_575, tax: 49_315, net: 197_261 })).toThrow(/Bunga neto \(197261\) harus sama dengan bunga bruto/);
    expect(refused({ kind: 'aroPlusRollover', gross: 100, tax: 120, net: -20 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'placement', principal: -1 })).toThrow(/Pokok \(-1\) untuk jurnal harus bilangan bulat rupiah, tidak negatif/);
    expect(refused({ kind: 'maturityPaid', principal: 1_000.5 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'accrual', amount: 0.5 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'accrual', amount: Number.NaN })).toThrow(DepositRuleError);
    expect(refused({ kind: 'breakSettled', interest: 1.5, forfeited: 0, tax: 0 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'breakSettled', interest: 0, forfeited: -1, tax: 0 })).toThrow(DepositRuleError);
    expect(refused({ kind: 'breakTransferred', principal: 100_000_000, penalty: -1 })).toThrow(DepositRuleError);
    // Tax on more than the interest paid.
    expect(refused({ kind: 'breakSettled', interest: 0, forfeited: 410_959, tax: 82_192 })).toThrow(/Pajak \(82192\) tidak boleh melebihi/);
  });

  it('labels every event in Indonesian', () => {
    expect(ledgerEventLabels).toEqual({
      placement: 'Penempatan deposito',
      accrual: 'Akrual bunga harian',
      installmentPosted: 'Bunga dibayarkan',
      aroPlusRollover: 'Perpanjangan ARO+',
      breakSettled: 'Bunga pencairan sebelum jatuh tempo',
      breakTransferred: 'Pokok pencairan sebelum jatuh tempo',
      maturityPaid: 'Pencairan saat jatuh tempo',
    });
  });
});

describe('totals and isBalanced', () => {
  it('sums each side', () => {
    const lines = [
      { debit: 100, credit: 0 },
      { debit: 0, credit: 60 },
      { debit: 0, credit: 40 },
    ];
    expect(totals(lines)).toEqual({ debit: 100, credit: 100 });
    expect(isBalanced(lines)).toBe(true);
    expect(isBalanced([...lines, { debit: 0, credit: 1 }])).toBe(false);
    expect(totals([])).toEqual({ debit: 0, credit: 0 });
  });
});

describe('accounts: the bank\'s codes for each role', () => {
  const mapping: AccountMapping = {
    accounts: {
      depositLiability: '2.1.01',
      interestExpense: '5.1.01',
      interestPayable: '2.3.01',
      taxPayable: '2.4.02',
      penaltyIncome: '4.9.01',
      payoutClearing: '1.9.01',
      placementClearing: '1.9.02',
    },
    byProduct: { 'prod-12': { depositLiability: '2.1.12' }, 'prod-24': { depositLiability: '2.1.24', interestExpense: '5.1.24' } },
  };

  it('uses a product\'s own deposit liability and interest expense where mapped', () => {
    expect(accountFor(mapping, 'depositLiability', 'prod-12')).toBe('2.1.12');
    // prod-12 maps no interest expense of its own: the bank's.
    expect(accountFor(mapping, 'interestExpense', 'prod-12')).toBe('5.1.01');
    expect(accountFor(mapping, 'interestExpense', 'prod-24')).toBe('5.1.24');
    // Roles a product cannot override, and unknown or absent products, take the bank's.
    expect(accountFor(mapping, 'interestPayable', 'prod-24')).toBe('2.3.01');
    expect(accountFor(mapping, 'depositLiability', 'prod-99')).toBe('2.1.01');
    expect(accountFor(mapping, 'depositLiability', null)).toBe('2.1.01');
  });

  it('until a mapping is set, journals use the role names', () => {
    for (const role of ACCOUNT_ROLES) expect(accountFor(null, role, 'prod-12')).toBe(role);
    // A partial mapping: unmapped roles keep their names.
    expect(accountFor({ accounts: { taxPayable: '2.4.02' }, byProduct: {} }, 'penaltyIncome', null)).toBe('penaltyIncome');
    expect(accountFor({ accounts: { taxPayable: '2.4.02' }, byProduct: {} }, 'taxPayable', null)).toBe('2.4.02');
  });

  it('labels every role in Indonesian', () => {
    expect(accountRoleLabels).toEqual({
      depositLiability: 'Kewajiban deposito',
      interestExpense: 'Beban bunga',
      interestPayable: 'Bunga yang masih harus dibayar (BYMHD)',
      taxPayable: 'Utang PPh 4(2)',
      penaltyIncome: 'Pendapatan penalti',
      payoutClearing: 'Kliring pembayaran',
      placementClearing: 'Kliring penempatan',
    });
  });

  it('a valid mapping has no problems; codes may hold letters, digits, . - / and inner spaces', () => {
    expect(mappingProblems(mapping, ['prod-12', 'prod-24'])).toEqual([]);
    expect(mappingProblems({ accounts: { depositLiability: 'KWJ 2/1-01.A', interestExpense: 'X', payoutClearing: 'A'.repeat(30) }, byProduct: {} }, [])).toEqual([]);
  });

  it('lists every problem at once', () => {
    const broken = {
      accounts: {
        depositLiability: '2.1.01',
        interestExpense: ' 5.1.01', // space at the start
        interestPayable: '2.1.01', // shares the deposit liability's code
        taxPayable: '',
        penaltyIncome: 'A'.repeat(31), // 31 characters
        payoutClearing: '1.9.01',
        placementClearing: '1.9#02',
      },
      byProduct: {
        'prod-12': { depositLiability: '2.1.12', taxPayable: '2.4.12' }, // tax payable is not per product
        'prod-gone': { interestExpense: '5.1.99' }, // no such product
        'prod-24': { interestExpense: '1.9.01' }, // its interest expense on the payout clearing account
      },
    } as unknown as AccountMapping;
    expect(mappingProblems(broken, ['prod-12', 'prod-24'])).toEqual([
      'Kode akun " 5.1.01" untuk Beban bunga tidak valid: 1–30 karakter berupa huruf, angka, titik, tanda hubung, garis miring, atau spasi (tidak di awal atau akhir).',
      'Kode akun untuk Utang PPh 4(2) kosong.',
      `Kode akun "${'A'.repeat(31)}" untuk Pendapatan penalti tidak valid: 1–30 karakter berupa huruf, angka, titik, tanda hubung, garis miring, atau spasi (tidak di awal atau akhir).`,
      'Kode akun "1.9#02" untuk Kliring penempatan tidak valid: 1–30 karakter berupa huruf, angka, titik, tanda hubung, garis miring, atau spasi (tidak di awal atau akhir).',
      'Pemetaan per produk "prod-12" hanya boleh untuk Kewajiban deposito dan Beban bunga, bukan Utang PPh 4(2).',
      'Produk "prod-gone" pada pemetaan per produk tidak dikenal.',
      'Kode akun "2.1.01" dipakai untuk Kewajiban deposito dan Bunga yang masih harus dibayar (BYMHD): jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.',
      'Kode akun "1.9.01" dipakai untuk Beban bunga produk "prod-24" dan Kliring pembayaran: jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.',
    ]);
  });

  it('refuses a product whose two own accounts share a code, and unknown roles', () => {
    const problems = mappingProblems(
      { accounts: { depositLiability: '2.1.01', bogus: '9' } as AccountMapping['accounts'], byProduct: { p1: { depositLiability: '2.1.07', interestExpense: '2.1.07' } } },
      ['p1'],
    );
    expect(problems).toEqual([
      'Peran akun "bogus" tidak dikenal.',
      'Kode akun "2.1.07" dipakai untuk Kewajiban deposito produk "p1" dan Beban bunga produk "p1": jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.',
    ]);
  });
});
