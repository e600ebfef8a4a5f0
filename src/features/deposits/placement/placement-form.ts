import type { Product } from '@contract/product';
import type { PlacementTerms } from '../../../lib/deposit-api';
import { readPercentBps, readRupiah } from '../../../lib/number-input';

/** What the counter form holds while it is filled. */
export interface PlacementDraft {
  customerId: string;
  productId: string;
  tenorMonths: string;
  amountText: string;
  /** A special rate as typed ("6,25"); '' = the product's rate. */
  specialRateText: string;
  depositDate: string;
  maturityInstruction: string;
  fundingMethod: string;
  fundingReference: string;
  fundingReceivedAt: string;
}

/**
 * The terms to preview once every one of them is there (the product's own interest payment, the
 * amount read the Indonesian way), or null while something is missing or unreadable: the preview
 * waits rather than asking the server about half a placement.
 */
export function termsOf(draft: PlacementDraft, product: Pick<Product, 'id' | 'interestPayment'> | undefined): PlacementTerms | null {
  const amount = readRupiah(draft.amountText, 'Nominal');
  const special = draft.specialRateText.trim() === '' ? null : readPercentBps(draft.specialRateText, 'Suku bunga khusus');
  if (!product || !draft.customerId || !draft.tenorMonths || !draft.depositDate || !draft.maturityInstruction || !amount.ok || (special && !special.ok)) return null;
  return {
    ...(special?.ok ? { rateBps: special.value } : {}),
    customerId: draft.customerId,
    productId: product.id,
    tenorMonths: Number(draft.tenorMonths),
    amount: amount.value,
    depositDate: draft.depositDate,
    maturityInstruction: draft.maturityInstruction as PlacementTerms['maturityInstruction'],
    interestPayment: product.interestPayment,
  };
}

/** The instruction kept when the product changes: the current one if the product allows it, else its first. */
export function instructionFor(current: string, product: Pick<Product, 'instructions'> | undefined): string {
  if (!product) return '';
  return product.instructions.includes(current as Product['instructions'][number]) ? current : (product.instructions[0] ?? '');
}

/** What is still missing before the placement can be sent, one Indonesian sentence each (empty when complete). */
export function draftProblems(draft: PlacementDraft, product: Pick<Product, 'id'> | undefined, customerChosen: boolean): string[] {
  const amount = readRupiah(draft.amountText, 'Nominal');
  const special = draft.specialRateText.trim() === '' ? null : readPercentBps(draft.specialRateText, 'Suku bunga khusus');
  return [
    ...(customerChosen ? [] : ['Pilih nasabah.']),
    ...(product ? [] : ['Pilih produk.']),
    ...(draft.tenorMonths ? [] : ['Pilih tenor.']),
    ...(amount.ok ? [] : [amount.problem]),
    ...(special && !special.ok ? [special.problem] : []),
    ...(draft.maturityInstruction ? [] : ['Pilih instruksi jatuh tempo.']),
    ...(draft.fundingReference.trim() ? [] : ['Referensi setoran wajib diisi.']),
  ];
}
