import type { GeographyArea, GeographyLevel, ZipSearchResult } from '@contract/geography';
import { api, type ApiClients, type Envelope } from './api-client';

/**
 * Typed calls of API.md "Master data (v2-general)": the areas of one level and the postal-code
 * search. Public on the server, so the registration form calls them before anyone signs in (the
 * client still sends a token when it has one; the server ignores it there).
 */

export type { GeographyArea, GeographyLevel, ZipSearchResult };

export function createGeographyApi(clients: ApiClients) {
  const general = clients.v2General;
  return {
    /** Provinces (no parent), or the cities, districts or villages of `parentId`. */
    areas: async (level: GeographyLevel, parentId: string | null, signal?: AbortSignal) =>
      (await general<Envelope<GeographyArea[]>>('/geography', { query: parentId ? { level, parentId } : { level }, signal })).data,
    /** `q`: the start of a postal code (3–5 digits) or a place name. */
    searchZip: async (q: string, limit: number, signal?: AbortSignal) =>
      (await general<Envelope<ZipSearchResult[]>>('/geography/zip-code/search', { query: { q, limit }, signal })).data,
  };
}

export type GeographyApi = ReturnType<typeof createGeographyApi>;

export const geographyApi: GeographyApi = createGeographyApi(api);
