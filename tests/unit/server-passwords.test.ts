import { describe, expect, it } from 'vitest';
import { argon2Hasher, loadCommonPasswords, OWASP_ARGON2_PARAMS, passwordPolicyViolations } from '../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { newPasswordField } from '../../contract/fields';

describe('password rules', () => {
  it('ships a list of a few thousand common passwords', () => {
    const list = loadCommonPasswords();
    expect(list.size).toBeGreaterThan(3000);
    for (const common of ['password', '12345678', 'qwerty123', 'bismillah', 'indonesia123']) expect(list.has(common)).toBe(true);
  });

  it('the demo password passes every rule', () => {
    expect(newPasswordField().safeParse(DEMO_PASSWORD).success).toBe(true);
    expect(passwordPolicyViolations(DEMO_PASSWORD, 'admin@bpr-demo.test')).toEqual([]);
  });

  it('refuses the email (or its local part) and common passwords, case-insensitively, each with its own sentence', () => {
    expect(passwordPolicyViolations('Admin@BPR-demo.test', 'admin@bpr-demo.test')).toEqual(['Kata sandi tidak boleh sama dengan email.']);
    expect(passwordPolicyViolations('budi.santoso', 'budi.santoso@bpr.test')).toEqual(['Kata sandi tidak boleh sama dengan email.']);
    expect(passwordPolicyViolations('PassWord123', 'a@b.test')).toEqual(['Kata sandi terlalu umum dan mudah ditebak; pilih kata sandi lain.']);
    expect(passwordPolicyViolations('password', 'password@b.test')).toHaveLength(2);
  });

  it('enforces 8 to 128 characters in the contract schema', () => {
    expect(newPasswordField().safeParse('a'.repeat(7)).error?.issues[0]?.message).toBe('Kata sandi minimal 8 karakter.');
    expect(newPasswordField().safeParse('a'.repeat(8)).success).toBe(true);
    expect(newPasswordField().safeParse('a'.repeat(128)).success).toBe(true);
    expect(newPasswordField().safeParse('a'.repeat(129)).error?.issues[0]?.message).toBe('Kata sandi paling banyak 128 karakter.');
  });
});

describe('argon2id hashing', () => {
  it('defaults to OWASP parameters (m=19 MiB, t=2, p=1) and verifies', async () => {
    expect(OWASP_ARGON2_PARAMS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hasher = argon2Hasher();
    const hash = await hasher.hash('Rahasia#Sekali1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Rahasia#Sekali1')).toBe(true);
    expect(await hasher.verify(hash, 'Rahasia#Sekali2')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });
});
