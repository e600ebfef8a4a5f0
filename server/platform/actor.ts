import type { Role, TokenClaims } from '../../contract/auth';

/** Who asks: the signed-in user of a bank. Every query is scoped to `bankId`. */
export interface StaffActor {
  userId: string;
  role: Role;
  bankId: string;
}

/** The actor of a request, from its session token's claims. */
export function staffActor(claims: TokenClaims): StaffActor {
  return { userId: claims.sub, role: claims.role, bankId: claims.bprId };
}

/** Who acted, as the timeline names them: the daily job, a partner through its API (partner:<code>), or a user. */
export function actorName(actorId: string, userName: string | null): string {
  if (actorId === 'SYSTEM') return 'Sistem';
  if (actorId.startsWith('partner:')) return `Mitra ${actorId.slice('partner:'.length)}`;
  return userName ?? 'Pengguna tidak dikenal';
}
