/** The four API bases of the contract, with the client timeout and the authorization form each uses. */
export const apiBases = {
  v1: { path: '/api-v1', timeoutMs: 15_000, authorization: 'raw' },
  v2: { path: '/api-v2', timeoutMs: 15_000, authorization: 'bearer' },
  v2Bpr: { path: '/api-v2-bpr', timeoutMs: 40_000, authorization: 'bearer' },
  v2General: { path: '/api-v2-general', timeoutMs: 15_000, authorization: 'bearer' },
} as const;

export type ApiBaseName = keyof typeof apiBases;
export type AuthorizationForm = (typeof apiBases)[ApiBaseName]['authorization'];

/** The header value a client sends, and the only form the server accepts, on a base. */
export function authorizationHeader(form: AuthorizationForm, token: string): string {
  return form === 'bearer' ? `Bearer ${token}` : token;
}
