import type { BalanceSheetLines } from '../../contract/balance-sheet';

/**
 * A BPR at the end of March 2026, in rupiah (profit and loss lines: January to March): the month
 * the ratios are worked by hand on (tests/unit/bank-ratios.test.ts) and entered through the API.
 */
export const MARCH_2026: BalanceSheetLines = {
  kas: 2_000_000_000,
  penempatanBankLain: 8_000_000_000,
  kredit: 80_000_000_000,
  kreditKurangLancar: 1_000_000_000,
  kreditDiragukan: 500_000_000,
  kreditMacet: 1_500_000_000,
  ckpn: 2_000_000_000,
  asetTetap: 3_000_000_000,
  asetLain: 1_000_000_000,
  tabungan: 30_000_000_000,
  deposito: 55_000_000_000,
  simpananBankLain: 2_000_000_000,
  pinjamanDiterima: 1_000_000_000,
  kewajibanSegera: 500_000_000,
  utangBunga: 200_000_000,
  kewajibanLain: 300_000_000,
  modalInti: 10_000_000_000,
  modalPelengkap: 1_000_000_000,
  atmr: 70_000_000_000,
  pendapatanOperasional: 4_000_000_000,
  bebanOperasional: 3_400_000_000,
  labaSebelumPajak: 600_000_000,
};
