import type { Role } from '@contract/auth';
import { roleLabels } from '@contract/users';
import type { StaffUser } from '../../lib/users-api';
import { mayAct } from '@machines/deposit-rules';

/**
 * What Pengguna offers for a user, decided here rather than in the view. The server decides
 * again (the last active admin, an admin's own account) and its refusal is shown as it words it.
 */

export const ROLE_OPTIONS: ReadonlyArray<{ value: Role; label: string }> = (Object.keys(roleLabels) as Role[]).map((value) => ({ value, label: roleLabels[value] }));

function roleLabel(role: Role): string {
  return roleLabels[role] ?? role;
}

export const STATUS_OPTIONS = [
  { value: 'true', label: 'Aktif' },
  { value: 'false', label: 'Nonaktif' },
] as const;

/** The filters and page Pengguna keeps in its URL (see useQueryState). */
export const USER_LIST_DEFAULTS = { q: '', role: '', active: '', page: '1' };
export const USER_PAGE_SIZE = 20;

/** Only an admin manages the bank's users; the server refuses anyone else with 403. */
export function canManageUsers(role: Role | undefined): boolean {
  return mayAct(role, 'ADMIN');
}

/** An admin cannot deactivate their own account (they would lock themself out). */
export function canToggleActive(user: StaffUser): boolean {
  return !(user.self && user.active);
}

/** One confirmed change to a user, as the confirm dialog asks about it. */
export type UserAction =
  | { kind: 'role'; user: StaffUser; role: Role }
  | { kind: 'active'; user: StaffUser; active: boolean }
  | { kind: 'unlock'; user: StaffUser };

interface ActionCopy {
  title: string;
  body: string;
  confirm: string;
  danger: boolean;
  success: string;
}

export function actionCopy(action: UserAction): ActionCopy {
  const { name } = action.user;
  switch (action.kind) {
    case 'role':
      return {
        title: 'Ubah peran',
        body: `Peran ${name} diubah dari ${roleLabel(action.user.role)} menjadi ${roleLabel(action.role)}. Hak aksesnya berubah pada permintaan berikutnya.`,
        confirm: 'Ubah peran',
        danger: false,
        success: `Peran ${name} diubah menjadi ${roleLabel(action.role)}.`,
      };
    case 'active':
      return action.active
        ? {
            title: 'Aktifkan pengguna',
            body: `${name} dapat masuk kembali dengan kata sandinya.`,
            confirm: 'Aktifkan',
            danger: false,
            success: `${name} diaktifkan.`,
          }
        : {
            title: 'Nonaktifkan pengguna',
            body: `${name} tidak dapat masuk lagi, dan sesi yang sedang berjalan langsung diakhiri (ia keluar saat itu juga). Akun dapat diaktifkan kembali kapan saja.`,
            confirm: 'Nonaktifkan',
            danger: true,
            success: `${name} dinonaktifkan.`,
          };
    case 'unlock':
      return {
        title: 'Buka blokir login',
        body: `Blokir karena terlalu banyak percobaan masuk yang gagal dihapus, sehingga ${name} dapat mencoba masuk lagi sekarang.`,
        confirm: 'Buka blokir',
        danger: false,
        success: `Blokir login ${name} dibuka.`,
      };
  }
}

/** The body PATCH /bpr/users/{id} (or the unlock call) sends for an action. */
export function actionChange(action: UserAction): { role: Role } | { active: boolean } | null {
  if (action.kind === 'role') return { role: action.role };
  if (action.kind === 'active') return { active: action.active };
  return null;
}
