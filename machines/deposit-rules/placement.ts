/**
 * What a placement at the counter will be (DOMAIN.md "How deposits and customers come in"), shown
 * before it is submitted: the rate in force and whether it is special, the maturity, LPS and tax,
 * and every installment with its pay date, gross, tax and net — the schedule the approval writes
 * (the same interestSchedule and taxInterest, taxed on the customer's standing with this deposit).
 */
import { maturityDate, type Holidays, type IsoDate } from './dates';
import { interestSchedule, type InterestPayment } from './schedule';
import { isTaxWithheld, taxInterest, type TaxContext } from './tax';

interface PlacementPreviewInput {
  amount: number;
  /** The rate the deposit gets: the product's for the tenor on the value date, or a special one. */
  rateBps: number;
  /** The product's rate for the tenor on the value date. */
  productRateBps: number;
  depositDate: IsoDate;
  tenorMonths: number;
  interestPayment: InterestPayment;
  holidays: Holidays;
  /** The customer's active principal elsewhere at the bank plus this amount, and the tax settings. */
  tax: TaxContext;
  /** LPS's guaranteed rate (TBP) in force on the value date. */
  lpsRateBps: number;
}

export interface PreviewInstallment {
  sequence: number;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  payDate: IsoDate;
  grossInterest: number;
  tax: number;
  netInterest: number;
}

export interface PlacementPreview {
  rateBps: number;
  productRateBps: number;
  /** Above the product's rate: flagged on the approval. */
  specialRate: boolean;
  maturityDate: IsoDate;
  /** At or below LPS's guaranteed rate (the amount ceiling per customer is the LPS report's). */
  lpsGuaranteed: boolean;
  /** The customer's total at the bank with this deposit is above the threshold. */
  taxApplies: boolean;
  installments: PreviewInstallment[];
  totals: { grossInterest: number; tax: number; netInterest: number };
}

export function placementPreview(input: PlacementPreviewInput): PlacementPreview {
  const installments = interestSchedule({
    principal: input.amount,
    rateBps: input.rateBps,
    periodStart: input.depositDate,
    tenorMonths: input.tenorMonths,
    holidays: input.holidays,
    interestPayment: input.interestPayment,
  }).map((item) => {
    const taxed = taxInterest(item.grossInterest, input.tax);
    return { sequence: item.sequence, periodStart: item.periodStart, periodEnd: item.periodEnd, payDate: item.payDate, grossInterest: item.grossInterest, tax: taxed.tax, netInterest: taxed.net };
  });
  const sum = (pick: (item: PreviewInstallment) => number) => installments.reduce((total, item) => total + pick(item), 0);
  return {
    rateBps: input.rateBps,
    productRateBps: input.productRateBps,
    specialRate: input.rateBps > input.productRateBps,
    maturityDate: maturityDate(input.depositDate, input.tenorMonths),
    lpsGuaranteed: input.rateBps <= input.lpsRateBps,
    taxApplies: isTaxWithheld(input.tax),
    installments,
    totals: { grossInterest: sum((item) => item.grossInterest), tax: sum((item) => item.tax), netInterest: sum((item) => item.netInterest) },
  };
}

/**
 * Whether a counter placement may carry `rateBps` instead of the product's rate (DOMAIN.md "At
 * the counter"): the product's rate itself always; a special rate only above it, only when the
 * product has a ceiling, and at most the LPS guaranteed rate on the value date plus that ceiling.
 * The sentence that says why not, or null.
 */
export function specialRateProblem(input: { rateBps: number; productRateBps: number; lpsRateBps: number; ceilingBps: number | null }): string | null {
  const percent = (bps: number) => `${(bps / 100).toFixed(2).replace('.', ',')}%`;
  if (input.rateBps === input.productRateBps) return null;
  if (input.rateBps < input.productRateBps) return `Suku bunga khusus tidak boleh di bawah suku bunga produk (${percent(input.productRateBps)}).`;
  if (input.ceilingBps === null) return 'Produk ini tidak menawarkan suku bunga khusus; kosongkan suku bunga khusus untuk memakai suku bunga produk.';
  const ceiling = input.lpsRateBps + input.ceilingBps;
  if (input.rateBps > ceiling) {
    return `Suku bunga khusus paling tinggi ${percent(ceiling)}: tingkat bunga penjaminan LPS ${percent(input.lpsRateBps)} ditambah batas produk ${percent(input.ceilingBps)}.`;
  }
  return null;
}
