/**
 * The bank's chart of accounts as Berjangka sees it (DOMAIN.md "The bank's ledger"): seven roles,
 * each mapped once to the bank's own account code, with a product's own deposit-liability and
 * interest-expense accounts where the bank keeps those per product.
 */

export const ACCOUNT_ROLES = [
  'depositLiability',
  'interestExpense',
  'interestPayable',
  'taxPayable',
  'penaltyIncome',
  'payoutClearing',
  'placementClearing',
] as const;

export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Indonesian names for screens and files. */
export const accountRoleLabels: Record<AccountRole, string> = {
  depositLiability: 'Kewajiban deposito',
  interestExpense: 'Beban bunga',
  interestPayable: 'Bunga yang masih harus dibayar (BYMHD)',
  taxPayable: 'Utang PPh 4(2)',
  penaltyIncome: 'Pendapatan penalti',
  payoutClearing: 'Kliring pembayaran',
  placementClearing: 'Kliring penempatan',
};

/** The roles a product may map to its own account: the two a bank splits per product in its chart. */
export const PRODUCT_ACCOUNT_ROLES = ['depositLiability', 'interestExpense'] as const;
export type ProductAccountRole = (typeof PRODUCT_ACCOUNT_ROLES)[number];

export interface AccountMapping {
  accounts: Partial<Record<AccountRole, string>>;
  byProduct: Record<string, { depositLiability?: string; interestExpense?: string }>;
}

const isProductRole = (role: string): role is ProductAccountRole => (PRODUCT_ACCOUNT_ROLES as readonly string[]).includes(role);
const isRole = (role: string): role is AccountRole => (ACCOUNT_ROLES as readonly string[]).includes(role);

/**
 * The bank's account code for a role (a product's own for depositLiability / interestExpense when
 * mapped), else the role's name: API.md "until it is set, journals use the role names as accounts",
 * so a journal is never held back for want of a mapping and the bank sees what is unmapped.
 */
export function accountFor(mapping: AccountMapping | null, role: AccountRole, productId: string | null): string {
  if (!mapping) return role;
  if (productId !== null && isProductRole(role)) {
    const own = mapping.byProduct[productId]?.[role];
    if (own) return own;
  }
  return mapping.accounts[role] || role;
}

// Core banking imports take plain codes; a space inside ("1.01 02") is common, at the ends it is a typo.
const CODE_CHAR = '[A-Za-z0-9./-]';
const ACCOUNT_CODE = new RegExp(`^${CODE_CHAR}(?:[A-Za-z0-9./ -]{0,28}${CODE_CHAR})?$`);

/** True for a code of 1–30 letters, digits, '.', '-', '/' and inner spaces. */
function isAccountCode(code: unknown): code is string {
  return typeof code === 'string' && ACCOUNT_CODE.test(code);
}

const CODE_RULE = '1–30 karakter berupa huruf, angka, titik, tanda hubung, garis miring, atau spasi (tidak di awal atau akhir)';

function codeProblem(code: unknown, where: string): string | null {
  if (isAccountCode(code)) return null;
  if (typeof code !== 'string' || code.length === 0) return `Kode akun untuk ${where} kosong.`;
  return `Kode akun "${code}" untuk ${where} tidak valid: ${CODE_RULE}.`;
}

interface RoleCode {
  role: AccountRole;
  code: string | null;
  where: string;
  own: boolean;
}

/** Every pair of roles sharing a code (among pairs `counts`), each reported once. */
function sharedCodes(entries: readonly RoleCode[], counts: (a: RoleCode, b: RoleCode) => boolean): string[] {
  const problems: string[] = [];
  entries.forEach((a, i) => {
    for (const b of entries.slice(i + 1)) {
      if (a.code !== null && a.code === b.code && counts(a, b)) {
        problems.push(`Kode akun "${a.code}" dipakai untuk ${a.where} dan ${b.where}: jurnal yang mendebit dan mengkredit akun yang sama menyembunyikan mutasinya.`);
      }
    }
  });
  return problems;
}

/**
 * Every problem of a mapping, in Indonesian, so the ADMIN fixes them in one pass (empty: valid).
 * Two roles may not share a code, also once a product's own accounts stand in for the bank's: a
 * maturity payout (Dr deposit liability, Cr payout clearing) on one account would net to nothing.
 */
export function mappingProblems(mapping: AccountMapping, productIds: readonly string[]): string[] {
  const problems: string[] = [];
  const accounts: Record<string, unknown> = mapping.accounts ?? {};
  const byProduct: Record<string, Record<string, unknown> | undefined> = mapping.byProduct ?? {};

  for (const [role, code] of Object.entries(accounts)) {
    if (!isRole(role)) {
      problems.push(`Peran akun "${role}" tidak dikenal.`);
      continue;
    }
    const problem = codeProblem(code, accountRoleLabels[role]);
    if (problem) problems.push(problem);
  }

  const known = new Set(productIds);
  for (const [productId, own] of Object.entries(byProduct)) {
    if (!known.has(productId)) problems.push(`Produk "${productId}" pada pemetaan per produk tidak dikenal.`);
    for (const [role, code] of Object.entries(own ?? {})) {
      if (!isProductRole(role)) {
        const name = isRole(role) ? accountRoleLabels[role] : `"${role}"`;
        problems.push(`Pemetaan per produk "${productId}" hanya boleh untuk Kewajiban deposito dan Beban bunga, bukan ${name}.`);
        continue;
      }
      const problem = codeProblem(code, `${accountRoleLabels[role]} produk "${productId}"`);
      if (problem) problems.push(problem);
    }
  }

  // Codes as journals would write them (an unset role keeps its name); null: invalid, reported above.
  const bankCode = (role: AccountRole): string | null => {
    const code = accounts[role];
    if (code === undefined || code === '') return role;
    return isAccountCode(code) ? code : null;
  };
  const bank = ACCOUNT_ROLES.map((role) => ({ role, code: bankCode(role), where: accountRoleLabels[role], own: false }));
  problems.push(...sharedCodes(bank, () => true));

  // A product's own accounts, against each other and against the bank's other roles.
  for (const [productId, own] of Object.entries(byProduct)) {
    const effective = bank.map((entry) => {
      const code = isProductRole(entry.role) ? own?.[entry.role] : undefined;
      return isAccountCode(code) ? { ...entry, code, where: `${entry.where} produk "${productId}"`, own: true } : entry;
    });
    // Pairs of the bank's own roles were reported above.
    problems.push(...sharedCodes(effective, (a, b) => a.own || b.own));
  }
  return problems;
}
