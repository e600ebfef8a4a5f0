import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane. */
export const OWASP_ARGON2_PARAMS: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export function argon2Hasher(params: Argon2Params = OWASP_ARGON2_PARAMS): PasswordHasher {
  return {
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...params }),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}

const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

let commonPasswords: ReadonlySet<string> | undefined;

/** The shipped list of common passwords, lower-cased; loaded once. */
export function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
  return commonPasswords;
}

/**
 * The rules beyond length (which the contract schema checks): one Indonesian sentence per rule
 * broken, empty when the password is acceptable.
 */
export function passwordPolicyViolations(password: string, email: string, label = 'Kata sandi'): string[] {
  const violations: string[] = [];
  const normalized = password.trim().toLowerCase();
  const normalizedEmail = email.trim().toLowerCase();
  const localPart = normalizedEmail.split('@')[0] ?? '';
  if (normalized === normalizedEmail || (localPart.length > 0 && normalized === localPart)) {
    violations.push(`${label} tidak boleh sama dengan email.`);
  }
  if (loadCommonPasswords().has(normalized)) {
    violations.push(`${label} terlalu umum dan mudah ditebak; pilih kata sandi lain.`);
  }
  return violations;
}
