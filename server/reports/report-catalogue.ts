import { REPORT_FORMATS, type ReportCatalogueItem, type ReportType } from '../../contract/reports';
import { interestTaxReport } from './interest-tax-report';
import { largestDepositorsReport, LARGEST_DEPOSITORS } from './largest-depositors-report';
import { lpsReport } from './lps-report';
import { maturityReport } from './maturity-report';
import { movementsReport } from './movements-report';
import { positionReport } from './position-report';
import type { ReportBuilder } from './report-context';

/** Every report of DOMAIN.md "Reports", in the order Laporan offers them; every staff role may make each. */
const REPORTS: ReadonlyArray<Omit<ReportCatalogueItem, 'formats'> & { build: ReportBuilder }> = [
  {
    type: 'posisi-deposito',
    name: 'Posisi Deposito',
    description: 'Pokok deposito pada akhir bulan per produk, tenor dan suku bunga, dengan suku bunga rata-rata tertimbang.',
    build: positionReport,
  },
  {
    type: 'profil-jatuh-tempo',
    name: 'Profil Jatuh Tempo',
    description: 'Sisa jangka waktu deposito: ≤ 1, 1–3, 3–6, 6–12 dan > 12 bulan, seluruhnya dan per produk.',
    build: maturityReport,
  },
  {
    type: 'mutasi-deposito',
    name: 'Mutasi Deposito',
    description: 'Penempatan baru, perpanjangan, pencairan sebelum jatuh tempo dan penutupan dalam bulan itu, satu per satu.',
    build: movementsReport,
  },
  {
    type: 'bunga-pajak',
    name: 'Bunga dan PPh Pasal 4 Ayat (2)',
    description: 'Bunga bruto, PPh final yang dipotong dan bunga yang tidak dipotong PPh: bahan SPT Masa PPh Pasal 4 ayat (2).',
    build: interestTaxReport,
  },
  {
    type: 'eksposur-lps',
    name: 'Eksposur Penjaminan LPS',
    description: 'Deposito di atas tingkat bunga penjaminan, nasabah di atas batas penjaminan, dan rata-rata saldo bulanan untuk premi LPS.',
    build: lpsReport,
  },
  {
    type: 'nasabah-terbesar',
    name: 'Nasabah Terbesar',
    description: `${LARGEST_DEPOSITORS} nasabah dengan simpanan deposito terbesar dan konsentrasinya.`,
    build: largestDepositorsReport,
  },
];

export function reportOf(type: ReportType) {
  const report = REPORTS.find((entry) => entry.type === type);
  if (!report) throw new RangeError(`no report ${type}`);
  return report;
}

export const catalogue = (): ReportCatalogueItem[] => REPORTS.map(({ type, name, description }) => ({ type, name, description, formats: [...REPORT_FORMATS] }));
