/** The message when the new password and its repetition differ (checked before anything is sent). */
export const PASSWORD_MISMATCH_MESSAGE = 'Konfirmasi kata sandi tidak sama dengan kata sandi baru.';

/** Reads the new password and its confirmation from a form; null with a toast when they differ. */
export function readPasswordPair(form: HTMLFormElement, showError: (error: unknown) => void): string | null {
  const data = new FormData(form);
  const password = String(data.get('password') ?? '');
  const confirmation = String(data.get('confirmation') ?? '');
  if (password !== confirmation) {
    showError(PASSWORD_MISMATCH_MESSAGE);
    return null;
  }
  return password;
}
