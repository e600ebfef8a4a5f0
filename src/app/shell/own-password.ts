import type { ChangeOwnPassword } from '../../lib/users-api';

/** What "Ubah kata sandi" checks before sending; the password policy itself is the server's (its 400 says what is wrong). */

const OWN_PASSWORD_MISMATCH = 'Ulangan kata sandi baru tidak sama dengan kata sandi baru.';
export const OWN_PASSWORD_CHANGED = 'Kata sandi diubah. Sesi di perangkat lain telah diakhiri.';

export interface OwnPasswordForm extends ChangeOwnPassword {
  repeatPassword: string;
}

/** Every problem of the form as typed, by field (none when it may be sent). */
export function ownPasswordProblems(form: OwnPasswordForm): Partial<Record<keyof OwnPasswordForm, string[]>> {
  const problems: Partial<Record<keyof OwnPasswordForm, string[]>> = {};
  if (!form.currentPassword) problems.currentPassword = ['Kata sandi saat ini wajib diisi.'];
  if (!form.newPassword) problems.newPassword = ['Kata sandi baru wajib diisi.'];
  else if (form.newPassword !== form.repeatPassword) problems.repeatPassword = [OWN_PASSWORD_MISMATCH];
  return problems;
}
