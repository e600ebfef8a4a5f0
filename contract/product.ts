import { z } from 'zod';
import { interestPaymentSchema } from './deposit';

/** The product families of GET /api-v1/{product}/all-product (API.md "Products"); today only deposits. */
export const productFamilySchema = z.enum(['deposito']);
export type ProductFamily = z.infer<typeof productFamilySchema>;

export const productTenorSchema = z.object({ tenorMonths: z.number().int(), rateBps: z.number().int() });

/** One row of the products list: the product, its tenors (ascending) and whether a rate is above LPS. */
export const productListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  visible: z.boolean(),
  interestPayment: interestPaymentSchema,
  minAmount: z.number().int(),
  maxAmount: z.number().int().nullable(),
  tenors: z.array(productTenorSchema),
  /** True when any tenor's rate is above the LPS guaranteed rate ("Tidak dijamin LPS"). */
  lpsFlag: z.boolean(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
