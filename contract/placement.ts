import { z } from 'zod';
import { interestPaymentSchema, isoDateSchema, maturityInstructionSchema } from './deposit';
import { requiredCode } from './fields';

/**
 * Placement at the counter (API.md "Placements, import and holds"): the preview a form asks for
 * while it is filled (nothing written) and the placement itself, a `pending` deposit of channel
 * COUNTER that another supervisor approves.
 */

const id = (label: string) => z.string({ error: `${label} wajib dipilih.` }).trim().min(1, { error: `${label} wajib dipilih.` }).max(64, { error: `${label} tidak valid.` });
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} harus berupa angka.` })
    .int({ error: `${label} harus bilangan bulat.` })
    .min(min, { error: `${label} minimal ${min.toLocaleString('id-ID')}.` })
    .max(max, { error: `${label} paling banyak ${max.toLocaleString('id-ID')}.` });

/** What both the preview and the placement are about. */
const placementTerms = {
  customerId: id('Nasabah'),
  productId: id('Produk'),
  tenorMonths: wholeNumber('Tenor', 1, 120),
  amount: wholeNumber('Nominal', 1, 1_000_000_000_000_000),
  depositDate: isoDateSchema,
  maturityInstruction: maturityInstructionSchema,
  interestPayment: interestPaymentSchema,
  /** A special rate (bps) above the product's, within its ceiling; absent: the product's rate. */
  rateBps: wholeNumber('Suku bunga khusus', 1, 2_500).optional(),
};

/** GET /deposito/placement/preview (query strings: numbers arrive as text). */
export const placementPreviewQuerySchema = z.object(placementTerms);

const previewInstallmentSchema = z.object({
  sequence: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  grossInterest: z.number().int(),
  tax: z.number().int(),
  netInterest: z.number().int(),
});

export const placementPreviewSchema = z.object({
  rateBps: z.number().int(),
  productRateBps: z.number().int(),
  specialRate: z.boolean(),
  maturityDate: z.string(),
  lpsGuaranteed: z.boolean(),
  taxApplies: z.boolean(),
  installments: z.array(previewInstallmentSchema),
  totals: z.object({ grossInterest: z.number().int(), tax: z.number().int(), netInterest: z.number().int() }),
});
export type PlacementPreviewData = z.infer<typeof placementPreviewSchema>;

/** How the money came in: a transfer's reference, a cash receipt's number, or a debit of a savings account at the bank. */
const fundingMethodSchema = z.enum(['TRANSFER', 'CASH', 'DEBIT_ACCOUNT'], { error: 'Cara setor harus transfer, tunai atau debit rekening tabungan.' });
export const fundingMethodLabels: Record<z.infer<typeof fundingMethodSchema>, string> = { TRANSFER: 'Transfer', CASH: 'Tunai', DEBIT_ACCOUNT: 'Debit rekening tabungan' };

const fundingSchema = z.object(
  {
    method: fundingMethodSchema,
    reference: requiredCode('Referensi setoran', 60),
    receivedAt: isoDateSchema,
  },
  { error: 'Setoran harus berisi cara setor, referensi dan tanggal diterima.' },
);

/** POST /deposito/placement */
export const placementRequestSchema = z.object({ ...placementTerms, funding: fundingSchema });
export type PlacementRequest = z.input<typeof placementRequestSchema>;
