/**
 * Indonesian banks and their interbank transfer code ("sandi bank" / "kode bank"): the three-digit
 * code Bank Indonesia assigns to each bank (the first three digits of its sandi kliring), which
 * names the receiving bank of a transfer over SKNBI, BI-FAST or BI-RTGS and at the ATM networks.
 * Used by the customer form's payout-account picker.
 *
 * The list covers the commercial banks (bank umum) a customer is likely to be paid into: the
 * state-owned banks, the large private banks, the regional development banks (BPD), the sharia
 * banks and the digital banks. Banks that have merged away, and foreign banks that serve only
 * corporate clients, are left out.
 *
 * Sources, read on 2026-11-26. Every code below appears in at least three of them; a bank that has
 * been renamed is matched in the older lists under its former name (the code stays with the bank):
 *   A. https://github.com/fajriyan/open-data/blob/main/layanan-publik/bank-nasional.json
 *      ("Daftar Bank dan Kode Bank Indonesia", updated_at 2026-01-21, commit eb7404a).
 *   B. https://github.com/febriansyahnr/pivot-backoffice/blob/main/pkg/util/snap/bankTransfer/bankCode.go
 *      (bank codes of a payment back office's SNAP bank-transfer module, commit 30eeef1, 2026-08-06).
 *   C. https://github.com/vnxx/list-of-banks-in-indoneisa-json/blob/master/index.json
 *      (bank codes with Xendit channel names, commit f17c3ed, 2022-09-01).
 *   D. https://github.com/mul14/gudang-data/blob/master/bank/bank.csv
 *      (compiled from flip.id/kode-bank and ATM Bersama, commit 25b1cb2, 2021-01-04).
 * Where they disagree: BSI is 451 (422 and 427 were BRI Syariah's and BNI Syariah's before the 2021
 * merger); Bank Aladin Syariah is 947 (C gives 016 for its predecessor Maybank Syariah); UOB
 * Indonesia is 023 (D's 058 is the pre-merger UOB); Panin Dubai Syariah is 517 (B also has 972).
 */

/** A bank a payout can be sent to. */
interface IndonesianBank {
  /** The sandi bank: exactly three digits, e.g. "014". */
  code: string;
  /** The name customers know the bank by, e.g. "Bank Central Asia (BCA)". */
  name: string;
}

/** The banks, sorted by name (Indonesian collation), each entry frozen. */
export const INDONESIAN_BANKS: readonly IndonesianBank[] = Object.freeze(
  (
    [
      { code: '567', name: 'Allo Bank' },
      { code: '116', name: 'Bank Aceh Syariah' },
      { code: '947', name: 'Bank Aladin Syariah' },
      { code: '531', name: 'Bank Amar Indonesia' },
      { code: '037', name: 'Bank Artha Graha Internasional' },
      { code: '137', name: 'Bank Banten' },
      { code: '536', name: 'Bank BCA Syariah' },
      { code: '133', name: 'Bank Bengkulu' },
      { code: '110', name: 'Bank BJB' },
      { code: '425', name: 'Bank BJB Syariah' },
      { code: '129', name: 'Bank BPD Bali' },
      { code: '112', name: 'Bank BPD DIY' },
      { code: '547', name: 'Bank BTPN Syariah' },
      { code: '076', name: 'Bank Bumi Arta' },
      { code: '054', name: 'Bank Capital Indonesia' },
      { code: '014', name: 'Bank Central Asia (BCA)' },
      { code: '022', name: 'Bank CIMB Niaga' },
      { code: '949', name: 'Bank CTBC Indonesia' },
      { code: '011', name: 'Bank Danamon' },
      { code: '046', name: 'Bank DBS Indonesia' },
      { code: '501', name: 'Bank Digital BCA (blu)' },
      { code: '111', name: 'Bank DKI' },
      { code: '161', name: 'Bank Ganesha' },
      { code: '164', name: 'Bank ICBC Indonesia' },
      { code: '513', name: 'Bank Ina Perdana' },
      { code: '555', name: 'Bank Index Selindo' },
      { code: '542', name: 'Bank Jago' },
      { code: '115', name: 'Bank Jambi' },
      { code: '113', name: 'Bank Jateng' },
      { code: '114', name: 'Bank Jatim' },
      { code: '095', name: 'Bank JTrust Indonesia' },
      { code: '123', name: 'Bank Kalbar' },
      { code: '122', name: 'Bank Kalsel' },
      { code: '125', name: 'Bank Kalteng' },
      { code: '124', name: 'Bank Kaltimtara' },
      { code: '521', name: 'Bank KB Bukopin Syariah' },
      { code: '484', name: 'Bank KEB Hana Indonesia' },
      { code: '121', name: 'Bank Lampung' },
      { code: '131', name: 'Bank Maluku Malut' },
      { code: '008', name: 'Bank Mandiri' },
      { code: '564', name: 'Bank Mandiri Taspen' },
      { code: '157', name: 'Bank Maspion Indonesia' },
      { code: '097', name: 'Bank Mayapada' },
      { code: '016', name: 'Bank Maybank Indonesia' },
      { code: '426', name: 'Bank Mega' },
      { code: '506', name: 'Bank Mega Syariah' },
      { code: '151', name: 'Bank Mestika Dharma' },
      { code: '485', name: 'Bank MNC Internasional' },
      { code: '147', name: 'Bank Muamalat Indonesia' },
      { code: '548', name: 'Bank Multiarta Sentosa' },
      { code: '118', name: 'Bank Nagari' },
      { code: '503', name: 'Bank Nationalnobu (Nobu)' },
      { code: '009', name: 'Bank Negara Indonesia (BNI)' },
      { code: '490', name: 'Bank Neo Commerce' },
      { code: '128', name: 'Bank NTB Syariah' },
      { code: '130', name: 'Bank NTT' },
      { code: '028', name: 'Bank OCBC NISP' },
      { code: '019', name: 'Bank Panin' },
      { code: '517', name: 'Bank Panin Dubai Syariah' },
      { code: '132', name: 'Bank Papua' },
      { code: '013', name: 'Bank Permata' },
      { code: '167', name: 'Bank QNB Indonesia' },
      { code: '002', name: 'Bank Rakyat Indonesia (BRI)' },
      { code: '494', name: 'Bank Raya Indonesia' },
      { code: '119', name: 'Bank Riau Kepri Syariah' },
      { code: '523', name: 'Bank Sahabat Sampoerna' },
      { code: '472', name: 'Bank Saqu Indonesia (d/h Bank Jasa Jakarta)' },
      { code: '152', name: 'Bank Shinhan Indonesia' },
      { code: '153', name: 'Bank Sinarmas' },
      { code: '213', name: 'Bank SMBC Indonesia (d/h BTPN, Jenius)' },
      { code: '126', name: 'Bank Sulselbar' },
      { code: '134', name: 'Bank Sulteng' },
      { code: '135', name: 'Bank Sultra' },
      { code: '127', name: 'Bank SulutGo' },
      { code: '120', name: 'Bank Sumsel Babel' },
      { code: '117', name: 'Bank Sumut' },
      { code: '451', name: 'Bank Syariah Indonesia (BSI)' },
      { code: '200', name: 'Bank Tabungan Negara (BTN)' },
      { code: '023', name: 'Bank UOB Indonesia' },
      { code: '566', name: 'Bank Victoria International' },
      { code: '212', name: 'Bank Woori Saudara' },
      { code: '036', name: 'China Construction Bank Indonesia (CCB)' },
      { code: '553', name: 'Hibank (d/h Bank Mayora)' },
      { code: '087', name: 'HSBC Indonesia' },
      { code: '441', name: 'KB Bank (d/h Bank KB Bukopin)' },
      { code: '459', name: 'Krom Bank Indonesia' },
      { code: '535', name: 'SeaBank Indonesia' },
      { code: '050', name: 'Standard Chartered Bank' },
      { code: '562', name: 'Superbank (d/h Bank Fama)' },
    ] satisfies IndonesianBank[]
  ).map((bank) => Object.freeze(bank)),
);

const BY_CODE: ReadonlyMap<string, IndonesianBank> = new Map(INDONESIAN_BANKS.map((bank) => [bank.code, bank]));

/** The bank with this sandi bank, or undefined when no bank in the list has it. */
export function findBankByCode(code: string): IndonesianBank | undefined {
  return BY_CODE.get(code);
}
