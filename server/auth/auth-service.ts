import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TokenClaims } from '../../contract/auth';
import { isTokenRevoked, revokeToken, consumeSingleUseToken, expireOpenTokensOfUser, findSingleUseToken, insertSingleUseToken, type SingleUseTokenTable } from './token-repository';
import { findUserByEmail, findUserById, findUserWithBank, replaceLoginFailures, updateUser, type UserWithBank } from './user-repository';
import type { Database, UserRow } from '../platform/db/schema';
import type { Mailer } from '../platform/mail';
import { DAY_MS, HOUR_MS, MINUTE_MS, addMs, formatJakartaTime, type Clock } from '../platform/clock';
import { ServiceError, ValidationError } from '../platform/errors';
import { signJwt, verifyJwt } from './jwt';
import { afterFailedLogin, isLocked, NO_FAILURES, type LoginFailures } from './lockout';
import { passwordPolicyViolations, type PasswordHasher } from './passwords';
import { hashOpaqueToken, newOpaqueToken } from './secrets';

export const SESSION_TTL_MS = 8 * HOUR_MS;
export const CHANGE_PASSWORD_TOKEN_TTL_MS = 10 * MINUTE_MS;
export const RESET_TOKEN_TTL_MS = 30 * MINUTE_MS;

export const MESSAGES = {
  wrongCredentials: 'Email atau kata sandi salah.',
  invalidSession: 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.',
  invalidChangeToken: 'Token ganti kata sandi tidak valid atau sudah kedaluwarsa. Silakan login kembali.',
  invalidResetToken: 'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.',
  passwordExpired: 'Kata sandi Anda sudah kedaluwarsa. Silakan buat kata sandi baru.',
  sameAsOld: 'Kata sandi baru harus berbeda dari kata sandi lama.',
} as const;

export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  jwtSecret: string;
  mailer: Mailer;
  publicUrl: string;
  passwordMaxAgeDays: number;
  logger: Logger;
}

export interface LoginResult {
  token: string;
  claims: TokenClaims;
  user: UserWithBank;
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, hasher } = deps;
  let dummyHash: Promise<string> | undefined;

  const nowIso = () => clock.now().toISOString();

  /** Same work as a real check, so a wrong email takes as long as a wrong password. */
  const burnPasswordCheck = async (password: string) => {
    dummyHash ??= hasher.hash(randomUUID());
    await hasher.verify(await dummyHash, password);
  };

  const failuresOf = (user: UserRow): LoginFailures => ({
    count: user.failed_login_count,
    windowStart: user.failed_login_window_start ? new Date(user.failed_login_window_start) : null,
    lockedUntil: user.locked_until ? new Date(user.locked_until) : null,
  });

  const lockedError = (until: Date) => {
    const remainingMs = until.getTime() - clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(remainingMs / MINUTE_MS));
    return new ServiceError(
      'too-many-attempts',
      `Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam ${minutes} menit (pukul ${formatJakartaTime(until)}).`,
      { retryAt: until.toISOString(), retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) },
    );
  };

  /** Counts one failed login; retries when a concurrent attempt changed the counters first. */
  const recordFailedLogin = async (user: UserRow, now: Date): Promise<LoginFailures> => {
    let current: UserRow | undefined = user;
    for (let attempt = 0; attempt < 10 && current; attempt += 1) {
      const next = afterFailedLogin(failuresOf(current), now);
      const written = await replaceLoginFailures(
        db,
        current.id,
        { failed_login_count: current.failed_login_count, failed_login_window_start: current.failed_login_window_start, locked_until: current.locked_until },
        { failed_login_count: next.count, failed_login_window_start: next.windowStart?.toISOString() ?? null, locked_until: next.lockedUntil?.toISOString() ?? null },
      );
      if (written) return next;
      current = await findUserById(db, user.id);
    }
    throw new Error('could not record a failed login after repeated concurrent updates');
  };

  const isPasswordExpired = (user: UserRow) =>
    clock.now().getTime() - new Date(user.password_changed_at).getTime() >= deps.passwordMaxAgeDays * DAY_MS;

  const checkNewPassword = async (user: UserRow, password: string, label: string) => {
    const violations = passwordPolicyViolations(password, user.email, label);
    if (violations.length > 0) throw new ValidationError(violations);
    if (await hasher.verify(user.password_hash, password)) throw new ValidationError([MESSAGES.sameAsOld]);
  };

  const setPassword = async (trx: Kysely<Database>, userId: string, password: string, now: string) => {
    await updateUser(trx, userId, {
      password_hash: await hasher.hash(password),
      password_changed_at: now,
      failed_login_count: 0,
      failed_login_window_start: null,
      locked_until: null,
      updated_at: now,
    });
  };

  const issueSingleUseToken = async (table: SingleUseTokenTable, userId: string, ttlMs: number) => {
    const { token, hash } = newOpaqueToken();
    const now = clock.now();
    await insertSingleUseToken(db, table, { id: randomUUID(), userId, tokenHash: hash, expiresAt: addMs(now, ttlMs).toISOString(), now: now.toISOString() });
    return token;
  };

  /** The open, unexpired token row for a presented token, or null. */
  const findUsableToken = async (table: SingleUseTokenTable, token: string) => {
    const row = await findSingleUseToken(db, table, hashOpaqueToken(token));
    if (!row || row.used_at !== null || row.expires_at <= nowIso()) return null;
    return row;
  };

  return {
    async login(email: string, password: string): Promise<LoginResult> {
      const user = await findUserByEmail(db, email);
      if (!user) {
        await burnPasswordCheck(password);
        throw new ServiceError('unauthenticated', MESSAGES.wrongCredentials);
      }
      const now = clock.now();
      const failures = failuresOf(user);
      if (isLocked(failures, now) && failures.lockedUntil) throw lockedError(failures.lockedUntil);

      if (!(await hasher.verify(user.password_hash, password))) {
        const next = await recordFailedLogin(user, now);
        if (next.lockedUntil) {
          deps.logger.warn({ userId: user.id }, 'account locked after repeated failed logins');
          throw lockedError(next.lockedUntil);
        }
        throw new ServiceError('unauthenticated', MESSAGES.wrongCredentials);
      }

      if (failures.count !== NO_FAILURES.count || failures.lockedUntil !== null) {
        await updateUser(db, user.id, { failed_login_count: 0, failed_login_window_start: null, locked_until: null });
      }
      if (isPasswordExpired(user)) {
        const changePasswordToken = await issueSingleUseToken('change_password_tokens', user.id, CHANGE_PASSWORD_TOKEN_TTL_MS);
        throw new ServiceError('password-expired', MESSAGES.passwordExpired, { changePasswordToken });
      }

      const claims: TokenClaims = {
        sub: user.id,
        bprId: user.bank_id,
        role: user.role,
        jti: randomUUID(),
        iat: Math.floor(now.getTime() / 1000),
        exp: Math.floor(addMs(now, SESSION_TTL_MS).getTime() / 1000),
      };
      const withBank = await findUserWithBank(db, user.id);
      if (!withBank) throw new ServiceError('unauthenticated', MESSAGES.wrongCredentials);
      return { token: signJwt(claims, deps.jwtSecret), claims, user: withBank };
    },

    /** The claims of a session token that is signed by us, unexpired and not revoked. */
    async authenticate(token: string): Promise<TokenClaims> {
      const claims = verifyJwt(token, deps.jwtSecret, Math.floor(clock.now().getTime() / 1000));
      if (!claims || (await isTokenRevoked(db, claims.jti))) throw new ServiceError('unauthenticated', MESSAGES.invalidSession);
      return claims;
    },

    async logout(claims: TokenClaims): Promise<void> {
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000).toISOString(), nowIso());
    },

    async changeExpiredPassword(changePasswordToken: string, email: string, newPassword: string): Promise<void> {
      const row = await findUsableToken('change_password_tokens', changePasswordToken);
      const user = row ? await findUserById(db, row.user_id) : undefined;
      if (!row || !user || user.email !== email.trim().toLowerCase()) throw new ServiceError('unauthenticated', MESSAGES.invalidChangeToken);
      await checkNewPassword(user, newPassword, 'Kata sandi baru');
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (!(await consumeSingleUseToken(trx, 'change_password_tokens', row.id, now))) {
          throw new ServiceError('unauthenticated', MESSAGES.invalidChangeToken);
        }
        await setPassword(trx, user.id, newPassword, now);
        await expireOpenTokensOfUser(trx, 'change_password_tokens', user.id, now);
      });
    },

    /** Mails a reset link when the account exists; says nothing either way. */
    async sendForgotPassword(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) {
        deps.logger.info('forgot-password request for an unknown email');
        return;
      }
      await expireOpenTokensOfUser(db, 'password_reset_tokens', user.id, nowIso());
      const token = await issueSingleUseToken('password_reset_tokens', user.id, RESET_TOKEN_TTL_MS);
      const link = resetLink(deps.publicUrl, token);
      const message = {
        to: user.email,
        subject: 'Atur ulang kata sandi Berjangka',
        link,
        text: [
          `Halo ${user.name},`,
          '',
          'Kami menerima permintaan untuk mengatur ulang kata sandi akun Berjangka Anda.',
          'Buka tautan berikut dalam 30 menit untuk membuat kata sandi baru (tautan hanya berlaku sekali):',
          '',
          link,
          '',
          'Jika Anda tidak meminta ini, abaikan email ini; kata sandi Anda tidak berubah.',
        ].join('\n'),
      };
      // Not awaited: a slow SMTP server must not reveal, by the answer's delay, that the account
      // exists. The outbox mailer writes its file before returning, so the outbox is still current.
      void deps.mailer.send(message).catch((error: unknown) => deps.logger.error({ err: error, userId: user.id }, 'reset mail could not be sent'));
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const row = await findUsableToken('password_reset_tokens', token);
      const user = row ? await findUserById(db, row.user_id) : undefined;
      if (!row || !user) throw new ServiceError('invalid', MESSAGES.invalidResetToken);
      await checkNewPassword(user, password, 'Kata sandi');
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        if (!(await consumeSingleUseToken(trx, 'password_reset_tokens', row.id, now))) {
          throw new ServiceError('invalid', MESSAGES.invalidResetToken);
        }
        await setPassword(trx, user.id, password, now);
        await expireOpenTokensOfUser(trx, 'password_reset_tokens', user.id, now);
      });
    },

    /** A set-password link for a new account (registration approval): the reset flow with a longer life. */
    async issueSetPasswordLink(userId: string, ttlMs: number): Promise<string> {
      return resetLink(deps.publicUrl, await issueSingleUseToken('password_reset_tokens', userId, ttlMs));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
