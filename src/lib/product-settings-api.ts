import type { ProductSettings, ProductSettingsInput, ProductSettingsSaved } from '@contract/product-settings';
import { api, type ApiClients, type Envelope } from './api-client';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of Pengaturan Produk (API.md "Bank, users, settings": /bpr/product-setting on
 * /api-v2-bpr, Bearer): every staff member reads; an ADMIN saves, sending only the settings that
 * changed (what is not sent stays), with an Idempotency-Key.
 */

export type { ProductSettings, ProductSettingsInput };

const PATH = '/bpr/product-setting';

/** The key of the bank's product settings in the server answers' cache (src/lib/server-data.ts). */
export const productSettingsKey = ['products', 'settings'] as const;

function createProductSettingsApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    get: async (signal?: AbortSignal) => (await bpr<Envelope<ProductSettings>>(PATH, { signal })).data,
    /** Answers the saved settings and how many installments not yet due moved to another pay date. */
    update: async (changes: ProductSettingsInput, key: string) =>
      (await bpr<Envelope<ProductSettingsSaved>>(PATH, { method: 'PUT', body: changes, headers: idempotencyHeaders(key) })).data,
  };
}

type ProductSettingsApi = ReturnType<typeof createProductSettingsApi>;

export const productSettingsApi: ProductSettingsApi = createProductSettingsApi(api);
