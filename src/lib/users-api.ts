import type { LoginData, Role } from '@contract/auth';
import type { StaffUser } from '@contract/users';
import { api, type ApiClients, type Envelope } from './api-client';
import { cleanQuery, type Page, type Query } from './deposit-api';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of API.md "Bank, users, settings" (on /api-v2-bpr, Bearer): the bank's staff
 * (Pengguna, admins only) and every user's own password. Every state-changing call carries the
 * Idempotency-Key src/lib/idempotency.ts chose for its payload.
 */

export type { StaffUser };

export interface InviteUser {
  name: string;
  email: string;
  role: Role;
}

/** PATCH /bpr/users/{id} takes one change at a time: a new role, or (de)activation. */
type UserChange = { role: Role } | { active: boolean };

export interface ChangeOwnPassword {
  currentPassword: string;
  newPassword: string;
}


const userPath = (id: string) => `/bpr/users/${encodeURIComponent(id)}`;

function createUsersApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    list: (query: Query, signal?: AbortSignal) => bpr<Page<StaffUser>>('/bpr/users', { query: cleanQuery(query), signal }),
    /** The server mails the invited user a link to set their password. */
    invite: async (input: InviteUser, key: string) =>
      (await bpr<Envelope<StaffUser>>('/bpr/users', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
    update: async (id: string, change: UserChange, key: string) =>
      (await bpr<Envelope<StaffUser>>(userPath(id), { method: 'PATCH', body: change, headers: idempotencyHeaders(key) })).data,
    /** Clears the failed-login lock; answers how many lock entries were removed. */
    unlock: async (id: string, key: string) =>
      (await bpr<Envelope<{ cleared: number }>>(`${userPath(id)}/unlock`, { method: 'POST', headers: idempotencyHeaders(key) })).data,
    /** Answers a fresh session like login's: the old token (and every other session) stops working. */
    changeOwnPassword: async (input: ChangeOwnPassword, key: string) =>
      (await bpr<Envelope<LoginData>>('/profile/change-password', { method: 'POST', body: input, headers: idempotencyHeaders(key) })).data,
  };
}

type UsersApi = ReturnType<typeof createUsersApi>;

export const usersApi: UsersApi = createUsersApi(api);
