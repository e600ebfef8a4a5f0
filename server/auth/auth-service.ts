import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TokenClaims } from '../../contract/auth';
import { revokeToken, consumeSingleUseToken, expireOpenTokensOfUser, findSingleUseToken, insertSingleUseToken, type SingleUseTokenTable } from './token-repository';
import { findSessionState, findUserByEmail, raiseSessionVersion, findUserById, findUserWithBank, updateUser, type UserWithBank } from './user-repository';
import type { Database, UserRow } from '../platform/db/schema';
import type { Mailer } from '../platform/mail';
import { DAY_MS, HOUR_MS, MINUTE_MS, addMs, formatJakartaTime, type Clock } from '../platform/clock';
import { ServiceError, ValidationError } from '../platform/errors';
import { signJwt, verifyJwt } from './jwt';
import { activeBlock } from '../platform/throttle';
import { clearThrottles, clearThrottlesOfAccount, countAttempt, readThrottles } from '../platform/throttle-repository';
import { LOGIN_POLICIES, loginBlock, loginSubjects, type LoginSubjects } from './login-throttle';
import { passwordPolicyViolations, type PasswordHasher } from './passwords';
import { hashOpaqueToken, newOpaqueToken } from './secrets';
import { insertBankAudit } from '../platform/bank-audit';

const SESSION_TTL_MS = 8 * HOUR_MS;
const CHANGE_PASSWORD_TOKEN_TTL_MS = 10 * MINUTE_MS;
const RESET_TOKEN_TTL_MS = 30 * MINUTE_MS;

const MESSAGES = {
  wrongCredentials: 'Email atau kata sandi salah.',
  invalidSession: 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.',
  invalidChangeToken: 'Token ganti kata sandi tidak valid atau sudah kedaluwarsa. Silakan login kembali.',
  invalidResetToken: 'Tautan atur ulang kata sandi tidak valid atau sudah kedaluwarsa. Silakan minta tautan baru.',
  passwordExpired: 'Kata sandi Anda sudah kedaluwarsa. Silakan buat kata sandi baru.',
  sameAsOld: 'Kata sandi baru harus berbeda dari kata sandi lama.',
  inactive: 'Akun Anda sudah dinonaktifkan. Hubungi ADMIN BPR Anda.',
  unlockOthersOnly: 'Hanya ADMIN yang dapat membuka blokir login pengguna.',
  userNotFound: 'Pengguna tidak ditemukan.',
  wrongCurrentPassword: 'Kata sandi saat ini salah.',
} as const;

interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  hasher: PasswordHasher;
  jwtSecret: string;
  mailer: Mailer;
  publicUrl: string;
  passwordMaxAgeDays: number;
  logger: Logger;
}

interface LoginResult {
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

  const throttledError = (until: Date) => {
    const remainingMs = until.getTime() - clock.now().getTime();
    const minutes = Math.max(1, Math.ceil(remainingMs / MINUTE_MS));
    return new ServiceError(
      'too-many-attempts',
      `Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam ${minutes} menit (pukul ${formatJakartaTime(until)}).`,
      { retryAt: until.toISOString(), retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) },
    );
  };

  /** The latest end of the blocks that stop this attempt at `now` (loginBlock), or null. */
  const blockOf = async (subjects: LoginSubjects, now: Date): Promise<Date | null> =>
    loginBlock(await readThrottles(db, Object.values(subjects)), subjects, now);

  /** Counts a failed login on all three subjects; the error to answer (401, or 429 once a block starts). */
  const failedLogin = async (subjects: LoginSubjects, now: Date): Promise<ServiceError> => {
    const keys = Object.keys(subjects) as Array<keyof LoginSubjects>;
    const states = await Promise.all(keys.map((key) => countAttempt(db, subjects[key], LOGIN_POLICIES[key], now)));
    const ends = states.map((state) => activeBlock(state, now)).filter((end): end is Date => end !== null);
    if (ends.length === 0) return new ServiceError('unauthenticated', MESSAGES.wrongCredentials);
    return throttledError(new Date(Math.max(...ends.map((end) => end.getTime()))));
  };

  const isPasswordExpired = (user: UserRow) =>
    clock.now().getTime() - new Date(user.password_changed_at).getTime() >= deps.passwordMaxAgeDays * DAY_MS;

  /** A session token for an active user, bound to their current session version. */
  const openSession = async (user: UserRow, now: Date): Promise<LoginResult> => {
    const claims: TokenClaims = {
      sub: user.id,
      bprId: user.bank_id,
      role: user.role,
      jti: randomUUID(),
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(addMs(now, SESSION_TTL_MS).getTime() / 1000),
      sv: user.session_version,
    };
    const withBank = await findUserWithBank(db, user.id);
    if (!withBank) throw new ServiceError('unauthenticated', MESSAGES.wrongCredentials);
    return { token: signJwt(claims, deps.jwtSecret), claims, user: withBank };
  };

  const checkNewPassword = async (user: UserRow, password: string, label: string) => {
    const violations = passwordPolicyViolations(password, user.email, label);
    if (violations.length > 0) throw new ValidationError(violations);
    if (await hasher.verify(user.password_hash, password)) throw new ValidationError([MESSAGES.sameAsOld]);
  };

  const setPassword = async (trx: Kysely<Database>, userId: string, password: string, now: string) => {
    await updateUser(trx, userId, { password_hash: await hasher.hash(password), password_changed_at: now, password_set: 1, updated_at: now });
    // Every session of the user issued before the change ends with it.
    await raiseSessionVersion(trx, userId);
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
    /**
     * Signs in `email` from `client` (its address): throttled per client, per account and per
     * pair (login-throttle.ts), the same for an unknown email as for a known one.
     */
    async login(email: string, password: string, client: string): Promise<LoginResult> {
      const login = email.trim().toLowerCase();
      const subjects = loginSubjects(login, client);
      const now = clock.now();
      const blockedUntil = await blockOf(subjects, now);
      if (blockedUntil) throw throttledError(blockedUntil);

      const user = await findUserByEmail(db, login);
      if (!user) {
        await burnPasswordCheck(password);
        throw await failedLogin(subjects, now);
      }
      if (!(await hasher.verify(user.password_hash, password))) {
        const error = await failedLogin(subjects, now);
        if (error.kind === 'too-many-attempts') deps.logger.warn({ userId: user.id }, 'login throttled after repeated failures');
        throw error;
      }
      // The client keeps its own count: one good password must not reset a sprayer's tally.
      await clearThrottles(db, [subjects.pair, subjects.account]);
      if (user.active !== 1) throw new ServiceError('forbidden', MESSAGES.inactive);
      if (isPasswordExpired(user)) {
        const changePasswordToken = await issueSingleUseToken('change_password_tokens', user.id, CHANGE_PASSWORD_TOKEN_TTL_MS);
        throw new ServiceError('password-expired', MESSAGES.passwordExpired, { changePasswordToken });
      }

      return openSession(user, now);
    },

    /**
     * A signed-in user changes their own password: the current one is checked (and throttled like
     * a login), the new one meets the policy; every other session ends, and this one goes on with
     * the new token answered here.
     */
    async changeOwnPassword(claims: TokenClaims, currentPassword: string, newPassword: string, client: string): Promise<LoginResult> {
      const user = await findUserById(db, claims.sub);
      if (!user) throw new ServiceError('unauthenticated', MESSAGES.invalidSession);
      const now = clock.now();
      const subjects = loginSubjects(user.email, client);
      const blockedUntil = await blockOf(subjects, now);
      if (blockedUntil) throw throttledError(blockedUntil);
      if (!(await hasher.verify(user.password_hash, currentPassword))) {
        const error = await failedLogin(subjects, now);
        // A 401 would sign the user out; a wrong current password is an input error.
        if (error.kind === 'too-many-attempts') throw error;
        throw new ValidationError([MESSAGES.wrongCurrentPassword]);
      }
      await checkNewPassword(user, newPassword, 'Kata sandi baru');
      await db.transaction().execute(async (trx) => {
        await setPassword(trx, user.id, newPassword, now.toISOString());
        await insertBankAudit(trx, { bankId: user.bank_id, actorId: user.id, at: now.toISOString(), subject: 'user', subjectId: user.id, event: 'user.changePassword' });
      });
      const changed = await findUserById(db, user.id);
      return openSession(changed!, now);
    },

    /**
     * The claims of a session token that is signed by us, unexpired, not logged out, of an active
     * user and of the user's current session version (a password change or deactivation ends it).
     * The role is the user's current one, so a role change applies at the next request.
     */
    async authenticate(token: string): Promise<TokenClaims> {
      const claims = verifyJwt(token, deps.jwtSecret, Math.floor(clock.now().getTime() / 1000));
      const state = claims ? await findSessionState(db, claims.sub, claims.jti) : undefined;
      if (!claims || !state || state.revoked || state.active !== 1 || state.session_version !== (claims.sv ?? 0)) {
        throw new ServiceError('unauthenticated', MESSAGES.invalidSession);
      }
      return { ...claims, role: state.role };
    },

    /** An ADMIN clears the login throttles of a user of the same bank ("buka blokir"). */
    async unlockLogin(admin: { role: string; bankId: string }, userId: string): Promise<{ cleared: number }> {
      if (admin.role !== 'ADMIN') throw new ServiceError('forbidden', MESSAGES.unlockOthersOnly);
      const user = await findUserById(db, userId);
      if (!user || user.bank_id !== admin.bankId) throw new ServiceError('not-found', MESSAGES.userNotFound);
      return { cleared: await clearThrottlesOfAccount(db, user.email) };
    },

    /** The platform operator clears the login throttles of an email (npm run admin -- unlock). */
    async unlockLoginOfEmail(email: string): Promise<{ cleared: number }> {
      return { cleared: await clearThrottlesOfAccount(db, email.trim().toLowerCase()) };
    },

    /** Ends every session of a user (deactivation, or a password changed elsewhere). */
    async endSessionsOf(userId: string): Promise<void> {
      await raiseSessionVersion(db, userId);
    },

    async logout(claims: TokenClaims): Promise<void> {
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000).toISOString(), nowIso());
    },

    async changeExpiredPassword(changePasswordToken: string, email: string, newPassword: string): Promise<void> {
      const row = await findUsableToken('change_password_tokens', changePasswordToken);
      const user = row ? await findUserById(db, row.user_id) : undefined;
      if (!row || !user || user.email !== email.trim().toLowerCase()) throw new ServiceError('unauthenticated', MESSAGES.invalidChangeToken);
      if (user.active !== 1) throw new ServiceError('forbidden', MESSAGES.inactive);
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
      // A deactivated account gets no link (and the answer is the same as for any other email).
      if (user.active !== 1) {
        deps.logger.info({ userId: user.id }, 'forgot-password request for a deactivated account');
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
      // A reset or invitation link mailed before the user was deactivated sets nothing.
      if (user.active !== 1) throw new ServiceError('forbidden', MESSAGES.inactive);
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

    /**
     * Mails a new account (a new bank's admin, an invited user) its set-password link: the reset
     * flow with a longer life (3 days, once). Answers the link.
     */
    async mailSetPasswordLink(userId: string, mail: { to: string; name: string; subject: string; intro: string }): Promise<string> {
      const link = resetLink(deps.publicUrl, await issueSingleUseToken('password_reset_tokens', userId, SET_PASSWORD_LINK_TTL_MS));
      await deps.mailer.send({
        to: mail.to,
        subject: mail.subject,
        link,
        text: [
          `Halo ${mail.name},`,
          '',
          mail.intro,
          'Buka tautan berikut dalam 3 hari untuk membuat kata sandi (tautan hanya berlaku sekali):',
          '',
          link,
          '',
          'Jika tautan sudah kedaluwarsa, gunakan "Lupa kata sandi?" di halaman masuk.',
        ].join('\n'),
      });
      return link;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** A new account gets longer than a forgot-password link to act on its mail. */
const SET_PASSWORD_LINK_TTL_MS = 3 * DAY_MS;

function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
