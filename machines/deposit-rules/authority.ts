/**
 * Who may act (DOMAIN.md "Roles"): OPERATOR < SUPERVISOR < ADMIN, each role able to do all the
 * lower ones can. The daily job acts as SYSTEM, and a channel partner through its API as PARTNER
 * (id `partner:<code>`), both outside that ladder: staff cannot fire the job's or a partner's
 * events, and neither the job nor a partner can take staff decisions.
 */
import type { Role } from '@contract/auth';

export type ActorRole = Role | 'SYSTEM' | 'PARTNER';

export interface Actor {
  id: string;
  role: ActorRole;
}

const STAFF_RANK: Record<Role, number> = { OPERATOR: 1, SUPERVISOR: 2, ADMIN: 3 };

/** Whether a signed-in user (or nobody yet: undefined) may act as `required`: what screens ask before offering an action. */
export function mayAct(role: ActorRole | undefined, required: ActorRole): boolean {
  return role !== undefined && hasRole(role, required);
}

/** True when `role` is `required` or above it; SYSTEM and PARTNER only satisfy themselves. */
export function hasRole(role: ActorRole, required: ActorRole): boolean {
  if (role === 'SYSTEM' || required === 'SYSTEM' || role === 'PARTNER' || required === 'PARTNER') return role === required;
  return STAFF_RANK[role] >= STAFF_RANK[required];
}

/**
 * Why an action is refused, sorted by what the server answers:
 * - `forbidden` (403): this user may not do it (role, or approving their own break request);
 * - `conflict` (409): the deposit's state, the business date or its product does not allow it now;
 * - `invalid` (400): the request itself is incomplete or wrong (reason missing, date out of range).
 */
export type RefusalCategory = 'forbidden' | 'conflict' | 'invalid';

export const REFUSAL_STATUS: Record<RefusalCategory, 403 | 409 | 400> = { forbidden: 403, conflict: 409, invalid: 400 };

export interface Refusal {
  category: RefusalCategory;
  status: 403 | 409 | 400;
  /** Indonesian, for staff. */
  message: string;
}

export function refusal(category: RefusalCategory, message: string): Refusal {
  return { category, status: REFUSAL_STATUS[category], message };
}
