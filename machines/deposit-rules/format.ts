/**
 * Formatting for the Indonesian messages rules and machines produce. machines/ may not use dayjs
 * or rely on the runtime's Intl data, so these mirror UI.md by hand: `Rp 1.500.000` and
 * `15-Agt-2026` (dayjs `id` locale short months), `6,00%`.
 */
const MONTHS_ID = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];

/** 'YYYY-MM-DD' → 'DD-MMM-YYYY' with Indonesian month abbreviations. */
export function formatDateId(date: string): string {
  const month = MONTHS_ID[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7);
  return `${date.slice(8, 10)}-${month}-${date.slice(0, 4)}`;
}

/** Whole rupiah with dot thousands separators: 1500000 → 'Rp 1.500.000'. */
export function formatRupiah(amount: number): string {
  const digits = String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}Rp ${digits}`;
}

/** Basis points as a percentage with a decimal comma: 725 → '7,25%'. */
export function formatRateBps(rateBps: number): string {
  return `${Math.trunc(rateBps / 100)},${String(rateBps % 100).padStart(2, '0')}%`;
}
