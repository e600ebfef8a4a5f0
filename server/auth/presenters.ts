import type { User } from '../../contract/auth';
import { apiBases } from '../../contract/bases';
import type { UserWithBank } from './user-repository';

/** Same-origin URL of a bank logo; public (an <img> sends no Authorization header) and unguessable. */
export function logoUrl(fileId: string | null): string | null {
  return fileId ? `${apiBases.v2Bpr.path}/profile/logo/${fileId}` : null;
}

export function toUser(row: UserWithBank): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    bpr: {
      id: row.bank_id,
      name: row.bank_name,
      logoUrl: logoUrl(row.bank_logo_file_id),
      address: row.bank_address,
    },
  };
}
