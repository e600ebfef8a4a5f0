import type { ChangeOwnPassword } from '../../lib/users-api';

/** What "Ubah kata sandi" checks before sending; the password policy itself is the server's (its 400 says what is wrong). */

export const OWN_PASSWORD_MISMATCH = 'Ulangan kata sandi baru tidak sama dengan kata sandi baru.';
export const OWN_PASSWORD_CHANGED = 'Kata sandi diubah. Sesi di perangkat lain telah diakhiri.';

export interface OwnPasswordForm extends ChangeOwnPassword {
  repeatPassword: string;
}

/** The first problem of the form as typed, or null when it may be sent. */
export function ownPasswordProblem(form: OwnPasswordForm): string | null {
  if (!form.currentPassword) return 'Kata sandi saat ini wajib diisi.';
  if (!form.newPassword) return 'Kata sandi baru wajib diisi.';
  if (form.newPassword !== form.repeatPassword) return OWN_PASSWORD_MISMATCH;
  return null;
}
