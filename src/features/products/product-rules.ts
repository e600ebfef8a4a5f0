import type { Role } from '@contract/auth';
import type { MaturityInstruction } from '@contract/deposit';
import type { ListMeta } from '@contract/envelope';
import { instructionLabels } from '../../lib/deposit-labels';
import { formatDate, formatRate } from '../../lib/format';
import type { Product, ProductTenor } from '../../lib/products-api';
import { mayAct } from '@machines/deposit-rules';

/**
 * What Produk shows and offers, decided here rather than in the views. The server decides again
 * (ADMIN only, an inactive product cannot change) and its refusal is shown as it words it.
 */

/** Only an admin changes products; the server refuses anyone else with 403. */
export function canManageProducts(role: Role | undefined): boolean {
  return mayAct(role, 'ADMIN');
}

/** The filters Produk keeps in its URL (see useQueryState): a search and the status. */
export const PRODUCT_LIST_DEFAULTS = { q: '', active: '' };

export const PRODUCT_STATUS_OPTIONS = [
  { value: '', label: 'Semua' },
  { value: 'true', label: 'Aktif' },
  { value: 'false', label: 'Nonaktif' },
] as const;

/** The URL's status as the list query takes it: anything but 'true'/'false' means every product. */
export function activeFilter(value: string): 'true' | 'false' | '' {
  return value === 'true' || value === 'false' ? value : '';
}

/** The maturity instructions in the order the form offers them, with the app's words. */
export const INSTRUCTION_OPTIONS: ReadonlyArray<{ value: MaturityInstruction; label: string }> = (['ARO', 'ARO_PLUS', 'PAYOUT'] as const).map((value) => ({
  value,
  label: instructionLabels[value],
}));

/** The product list is answered whole (a bank has a handful of products): one page for the table. */
export function wholeList<T>(rows: T[]): { data: T[]; meta: ListMeta } {
  return { data: rows, meta: { page: 1, limit: Math.max(1, rows.length), total: rows.length, totalPages: 1 } };
}

/** "3 bln 5,50% · 6 bln 6,00%": a tenor table on one line, shortest tenor first. */
export function tenorSummary(tenors: readonly ProductTenor[]): string {
  if (tenors.length === 0) return '-';
  return [...tenors]
    .sort((a, b) => a.tenorMonths - b.tenorMonths)
    .map((tenor) => `${tenor.tenorMonths} bln ${formatRate(tenor.rateBps)}`)
    .join(' · ');
}

/** Where a rate schedule stands on `today`: still to come, the one in force, or replaced. */
type ScheduleStanding = 'future' | 'current' | 'past';

export function scheduleStanding(effectiveFrom: string, inForceFrom: string, today: string): ScheduleStanding {
  if (effectiveFrom > today) return 'future';
  return effectiveFrom === inForceFrom ? 'current' : 'past';
}

/** One confirmed change from the list's row. */
export type ProductAction = { kind: 'visibility'; product: Product; visible: boolean } | { kind: 'deactivate'; product: Product };

interface ProductActionCopy {
  title: string;
  body: string;
  confirm: string;
  danger: boolean;
  success: string;
}

/** What retiring a product means for the deposits it holds, said before it is done. */
function retiringText(name: string, running: number): string {
  const deposits =
    running === 0
      ? 'Tidak ada deposito berjalan pada produk ini.'
      : `${running.toLocaleString('id-ID')} deposito yang sedang berjalan tetap berjalan dengan suku bunganya sampai jatuh tempo, tetapi yang berinstruksi ARO atau ARO+ tidak diperpanjang: deposito itu jatuh tempo dan dicairkan.`;
  return `${name} tidak lagi menerima penempatan baru. ${deposits} Produk nonaktif tidak dapat diubah atau diaktifkan kembali.`;
}

export function productActionCopy(action: ProductAction): ProductActionCopy {
  const { name } = action.product;
  if (action.kind === 'deactivate') {
    return {
      title: 'Nonaktifkan produk',
      body: retiringText(name, action.product.runningDeposits),
      confirm: 'Nonaktifkan',
      danger: true,
      success: `${name} dinonaktifkan.`,
    };
  }
  return action.visible
    ? {
        title: 'Tampilkan produk',
        body: `${name} ditawarkan kepada nasabah di platform.`,
        confirm: 'Tampilkan',
        danger: false,
        success: `${name} ditampilkan di platform.`,
      }
    : {
        title: 'Sembunyikan produk',
        body: `${name} tidak lagi ditawarkan kepada nasabah di platform. Deposito yang sudah berjalan tidak terpengaruh.`,
        confirm: 'Sembunyikan',
        danger: false,
        success: `${name} disembunyikan dari platform.`,
      };
}

/** The "Suku bunga baru mulai 01-Des-2026" line under a product's rates, or null without a scheduled change. */
export function nextRatesText(product: Pick<Product, 'nextRates'>): string | null {
  return product.nextRates ? `Suku bunga baru mulai ${formatDate(product.nextRates.effectiveFrom)}` : null;
}
