import { ACCOUNT_ROLES, mappingProblems, PRODUCT_ACCOUNT_ROLES, type AccountMapping, type AccountRole, type ProductAccountRole } from '@machines/ledger-rules';
import type { AccountingSettings, AccountingSettingsInput } from '../../lib/ledger-api';

/**
 * Pemetaan Akun's rules, apart from the view: the codes as typed, what a save sends — every code
 * trimmed, an empty one left out (the role's own name is then used, or for a product the bank's
 * code) — and the mapping's problems by the same rule the server applies, each product named as
 * staff know it.
 */

export interface MappingDraft {
  accounts: Record<AccountRole, string>;
  byProduct: Record<string, Record<ProductAccountRole, string>>;
}

export function mappingDraftOf(settings: AccountingSettings): MappingDraft {
  return {
    accounts: Object.fromEntries(ACCOUNT_ROLES.map((role) => [role, settings.accounts[role] ?? ''])) as Record<AccountRole, string>,
    byProduct: Object.fromEntries(
      settings.products.map((product) => [product.id, Object.fromEntries(PRODUCT_ACCOUNT_ROLES.map((role) => [role, settings.byProduct[product.id]?.[role] ?? ''])) as Record<ProductAccountRole, string>]),
    ),
  };
}

/** PUT's body: the codes given, trimmed; empty ones, and products with none, left out. */
export function mappingPayload(draft: MappingDraft): Required<AccountingSettingsInput> {
  const given = <K extends string>(codes: Record<K, string>) =>
    Object.fromEntries(
      Object.entries<string>(codes)
        .map(([role, code]) => [role, code.trim()] as const)
        .filter(([, code]) => code !== ''),
    ) as Partial<Record<K, string>>;
  const byProduct: Record<string, Partial<Record<ProductAccountRole, string>>> = {};
  for (const [productId, codes] of Object.entries(draft.byProduct)) {
    const own = given(codes);
    if (Object.keys(own).length > 0) byProduct[productId] = own;
  }
  return { accounts: given(draft.accounts), byProduct };
}

/** The same mapping read as the server holds it (products it no longer knows left out), to tell whether anything changed. */
export function savedPayload(settings: AccountingSettings): Required<AccountingSettingsInput> {
  return mappingPayload(mappingDraftOf(settings));
}

function canonical(payload: Required<AccountingSettingsInput>): string {
  const sorted = (record: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, typeof record[key] === 'object' && record[key] !== null ? sorted(record[key] as Record<string, unknown>) : record[key]]),
    );
  return JSON.stringify(sorted(payload as unknown as Record<string, unknown>));
}

export function samePayload(a: Required<AccountingSettingsInput>, b: Required<AccountingSettingsInput>): boolean {
  return canonical(a) === canonical(b);
}

/**
 * Every problem of the mapping as the server would say it (machines/ledger-rules), with each
 * product called by its name rather than its id (a name two products share keeps the id).
 */
export function mappingFormProblems(payload: Required<AccountingSettingsInput>, products: AccountingSettings['products']): string[] {
  const counts = new Map<string, number>();
  for (const product of products) counts.set(product.name, (counts.get(product.name) ?? 0) + 1);
  const nameOf = new Map(products.map((product) => [product.id, counts.get(product.name) === 1 ? product.name : product.id]));
  const mapping: AccountMapping = {
    accounts: payload.accounts,
    byProduct: Object.fromEntries(Object.entries(payload.byProduct).map(([productId, codes]) => [nameOf.get(productId) ?? productId, codes])),
  };
  return mappingProblems(mapping, products.map((product) => nameOf.get(product.id)!));
}
