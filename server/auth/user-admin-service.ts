import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import { inviteUserSchema, roleLabels, updateUserSchema, userListQuerySchema, type StaffUser } from '../../contract/users';
import type { Role } from '../../contract/auth';
import type { StaffActor } from '../platform/actor';
import { containsPattern } from '../platform/db/like';
import { insertBankAudit } from '../platform/bank-audit';
import type { Clock } from '../platform/clock';
import { isSqlite } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import type { Database, UserRow } from '../platform/db/schema';
import { ServiceError, ValidationError } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import { pageOf, type Page } from '../platform/paging';
import { parseFields, parseOrThrow } from '../platform/validation';
import type { AuthService } from './auth-service';
import type { PasswordHasher } from './passwords';
import { newOpaqueToken } from './secrets';
import { findUserByEmail, findUserById, insertUser, raiseSessionVersion, updateUser } from './user-repository';

/**
 * Pengguna (API.md "Bank, users, settings"): an ADMIN lists the bank's staff, invites a new user
 * (who sets a password from a mailed link), changes a role, deactivates (their sessions end at
 * once) and reactivates. The bank always keeps one active ADMIN. Every change is audited.
 */

const USER_MESSAGES = {
  adminOnly: 'Hanya ADMIN yang dapat mengelola pengguna.',
  emailTaken: 'Email sudah dipakai pengguna lain di bank ini.',
  lastAdmin: 'Admin aktif terakhir tidak dapat diturunkan atau dinonaktifkan.',
  notSelf: 'Anda tidak dapat menonaktifkan akun Anda sendiri.',
  notFound: 'Pengguna tidak ditemukan.',
} as const;

function toStaffUser(row: UserRow, actor: StaffActor): StaffUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    roleLabel: roleLabels[row.role],
    active: row.active === 1,
    passwordSet: row.password_set === 1,
    self: row.id === actor.userId,
    createdAt: row.created_at,
  };
}

/** The mail to an address that already has an account elsewhere: only its owner learns that. */
function elsewhereInvitationText(name: string, bankName: string, login: string): string {
  return [
    `Halo ${name},`,
    '',
    `${bankName} mengundang Anda ke Berjangka dengan email ${login}, tetapi email ini sudah terdaftar pada akun Berjangka lain, dan satu email hanya dapat dipakai oleh satu akun.`,
    `Karena itu tidak ada akun baru yang dibuat. Jika Anda memang akan bekerja di ${bankName}, mintalah ADMIN-nya mengundang email Anda yang lain.`,
    '',
    'Jika Anda tidak mengenal undangan ini, abaikan email ini; akun Anda tidak berubah.',
  ].join('\n');
}

export function createUserAdminService(deps: { db: Kysely<Database>; clock: Clock; hasher: PasswordHasher; mailer: Mailer; auth: AuthService; logger?: Logger }) {
  const { db, clock } = deps;

  const requireAdmin = (actor: StaffActor) => {
    if (actor.role !== 'ADMIN') throw new ServiceError('forbidden', USER_MESSAGES.adminOnly);
  };

  async function requireUser(trx: Kysely<Database>, actor: StaffActor, userId: string): Promise<UserRow> {
    const row = await findUserById(trx, userId);
    if (!row || row.bank_id !== actor.bankId) throw new ServiceError('not-found', USER_MESSAGES.notFound);
    return row;
  }

  return {
    /** GET /bpr/users: the bank's users, by name. */
    async list(actor: StaffActor, query: Record<string, unknown>): Promise<Page<StaffUser>> {
      requireAdmin(actor);
      const { q, role, active, page, limit } = parseOrThrow(userListQuerySchema, query);
      let base = db.selectFrom('users').where('bank_id', '=', actor.bankId);
      if (q) {
        const pattern = containsPattern(q);
        base = base.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', sql<string>`${pattern} escape '\\'`), eb('email', 'like', sql<string>`${pattern} escape '\\'`)]));
      }
      if (role) base = base.where('role', '=', role);
      if (active) base = base.where('active', '=', active === 'true' ? 1 : 0);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('name').orderBy('id').limit(limit).offset((page - 1) * limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return pageOf(rows.map((row) => toStaffUser(row, actor)), page, limit, Number(count.total));
    },

    /** POST /bpr/users: a new user of the bank; a set-password link is mailed (valid 3 days). */
    async invite(actor: StaffActor, body: unknown): Promise<StaffUser> {
      requireAdmin(actor);
      const parsed = parseFields(inviteUserSchema, body);
      if (!parsed.success) throw new ValidationError(parsed.messages);
      const { name, email, role } = parsed.data;
      const login = email.trim().toLowerCase();
      // The bank's own users are on its list anyway: one of them is refused plainly. An account of
      // another bank must not be revealed (issue 17): the inviter sees what any invitation answers,
      // and only the mailbox's owner is told, by mail, why no account was made.
      const existing = await findUserByEmail(db, login);
      if (existing?.bank_id === actor.bankId) throw new ServiceError('conflict', USER_MESSAGES.emailTaken);
      const now = clock.now().toISOString();
      const id = randomUUID();
      // Nobody knows this password: the user sets theirs from the link. Hashed on both paths, so
      // the answer's delay does not tell them apart either.
      const unusableHash = await deps.hasher.hash(newOpaqueToken().token);
      const bank = await db.selectFrom('banks').select('name').where('id', '=', actor.bankId).executeTakeFirstOrThrow();
      const invitation = { id, bank_id: actor.bankId, name, email: login, phone: null, role, password_hash: unusableHash, password_changed_at: now, password_set: 0, active: 1, session_version: 0, created_at: now, updated_at: now } as UserRow;
      const audit = (trx: Kysely<Database>) => insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: now, subject: 'user', subjectId: id, event: 'user.invite', payload: { name, email: login, role } });
      const answerAsInvited = async () => {
        await audit(db);
        await deps.mailer.send({ to: login, subject: `Undangan ke Berjangka — ${bank.name}`, text: elsewhereInvitationText(name, bank.name, login) });
        return toStaffUser(invitation, actor);
      };
      if (existing) return answerAsInvited();
      try {
        await db.transaction().execute(async (trx) => {
          await insertUser(trx, { id, bank_id: actor.bankId, name, email: login, phone: null, role, password_hash: unusableHash, password_changed_at: now, password_set: 0, created_at: now, updated_at: now });
          await audit(trx);
        });
      } catch (error) {
        // Two invitations of one email at once: the unique index decides, and the winner's bank says which answer this one gets.
        if (!isUniqueViolation(error)) throw error;
        const winner = await findUserByEmail(db, login);
        if (winner?.bank_id === actor.bankId) throw new ServiceError('conflict', USER_MESSAGES.emailTaken);
        return answerAsInvited();
      }
      await deps.auth.mailSetPasswordLink(id, {
        to: login,
        name,
        subject: `Undangan ke Berjangka — ${bank.name}`,
        intro: `Anda diundang sebagai ${roleLabels[role]} ${bank.name} di Berjangka. Akun Anda: ${login}.`,
      });
      return toStaffUser((await findUserById(db, id))!, actor);
    },

    /** PATCH /bpr/users/{id}: role and/or active; the bank keeps an active ADMIN; deactivation ends the user's sessions. */
    async update(actor: StaffActor, userId: string, body: unknown): Promise<StaffUser> {
      requireAdmin(actor);
      const parsed = parseFields(updateUserSchema, body);
      if (!parsed.success) throw new ValidationError(parsed.messages);
      const change = parsed.data;
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // One admin change per bank at a time, so two admins cannot demote each other at once.
        if (!isSqlite(trx)) await sql`select id from banks where id = ${actor.bankId} for update`.execute(trx);
        const row = await requireUser(trx, actor, userId);
        const role: Role = change.role ?? row.role;
        const active = change.active ?? row.active === 1;
        if (change.active === false && row.id === actor.userId) throw new ServiceError('conflict', USER_MESSAGES.notSelf);
        const losesAdmin = row.role === 'ADMIN' && row.active === 1 && (role !== 'ADMIN' || !active);
        if (losesAdmin) {
          const others = await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('bank_id', '=', actor.bankId)
            .where('role', '=', 'ADMIN')
            .where('active', '=', 1)
            .where('id', '!=', row.id)
            .executeTakeFirstOrThrow();
          if (Number(others.n) === 0) throw new ServiceError('conflict', USER_MESSAGES.lastAdmin);
        }
        await updateUser(trx, row.id, { role, active: active ? 1 : 0, updated_at: now });
        const audit = (event: string, payload: Record<string, unknown>) =>
          insertBankAudit(trx, { bankId: actor.bankId, actorId: actor.userId, at: now, subject: 'user', subjectId: row.id, event, payload });
        if (role !== row.role) await audit('user.changeRole', { from: row.role, to: role });
        if (active !== (row.active === 1)) {
          await audit(active ? 'user.reactivate' : 'user.deactivate', {});
          // A deactivated user is out at their next request, whatever token they hold.
          if (!active) await raiseSessionVersion(trx, row.id);
        }
      });
      return toStaffUser((await findUserById(db, userId))!, actor);
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
