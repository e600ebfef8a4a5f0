import type { z } from 'zod';
import type { createProductSchema, Product, ProductDetail, ProductTenor, updateProductSchema } from '@contract/product';
import { api, type ApiClients, type Envelope } from './api-client';
import { cleanQuery } from './deposit-api';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of API.md "Products (v1, raw token)": the bank's deposit products with their dated
 * rates. /api-v1 takes the raw token (api-client's `v1` client sends it so). Writes are ADMIN only
 * and carry the Idempotency-Key src/lib/idempotency.ts chose for their payload.
 */

export type { Product, ProductDetail, ProductTenor };

/** POST /deposito/create-product as the form sends it (the schema's input: defaults may be left out). */
export type NewProduct = z.input<typeof createProductSchema>;
/** PUT /deposito: the id and only what changed; new rates come with their `rateEffectiveFrom`. */
export type ProductChange = z.input<typeof updateProductSchema>;

/** GET /deposito/all-product filters; '' or undefined leaves a filter out. */
interface ProductListQuery {
  active?: 'true' | 'false' | '';
  visible?: 'true' | 'false' | '';
  q?: string;
}

const FAMILY = '/deposito';


function createProductsApi(clients: ApiClients) {
  const v1 = clients.v1;
  return {
    /** The bank's products, by name, each with the tenors and rates in force today. */
    list: async (query: ProductListQuery, signal?: AbortSignal) =>
      (await v1<Envelope<Product[]>>(`${FAMILY}/all-product`, { query: cleanQuery({ ...query }), signal })).data,
    /** One product with its rate history, newest schedule first. */
    detail: async (id: string, signal?: AbortSignal) => (await v1<Envelope<ProductDetail>>(FAMILY, { query: { id }, signal })).data,
    create: async (input: NewProduct, key: string) =>
      (await v1<Envelope<Product>>(`${FAMILY}/create-product`, { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    update: async (change: ProductChange, key: string) => (await v1<Envelope<Product>>(FAMILY, { method: 'PUT', body: change, headers: idempotencyHeaders(key) })).data,
    /** No new placements from now on; its ARO deposits mature instead of rolling over. */
    deactivate: async (id: string, key: string) =>
      (await v1<Envelope<Product>>(`${FAMILY}/deactivate-product`, { method: 'PATCH', body: { id }, headers: idempotencyHeaders(key) })).data,
    /** Whether the platform offers the product to customers. */
    setVisibility: async (id: string, visible: boolean, key: string) =>
      (await v1<Envelope<Product>>(`${FAMILY}/${encodeURIComponent(id)}/visibility`, { method: 'PATCH', body: { visible }, headers: idempotencyHeaders(key) })).data,
  };
}

type ProductsApi = ReturnType<typeof createProductsApi>;

export const productsApi: ProductsApi = createProductsApi(api);
