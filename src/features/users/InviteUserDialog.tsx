import { useState } from 'react';
import type { Role } from '@contract/auth';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import type { InviteUser } from '../../lib/users-api';
import { ROLE_OPTIONS } from './user-rules';

export interface InviteUserDialogProps {
  pending: boolean;
  /** The server's refusal of the last attempt (e.g. the email is taken), shown in the dialog: the toast sits behind the modal. */
  refusal: string | null;
  onClose: () => void;
  onSubmit: (invite: InviteUser) => void;
}

/** The first missing field, or null; the server checks everything again. */
function missingField(invite: InviteUser): string | null {
  if (!invite.name) return 'Nama wajib diisi.';
  if (!invite.email) return 'Email wajib diisi.';
  return null;
}

/** "Undang pengguna": name, email and role; the invited user sets a password from the mailed link. */
export function InviteUserDialog({ pending, refusal, onClose, onSubmit }: InviteUserDialogProps) {
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const invite: InviteUser = {
      name: String(data.get('name') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      role: String(data.get('role') ?? 'OPERATOR') as Role,
    };
    const found = missingField(invite);
    setProblem(found);
    if (!found) onSubmit(invite);
  };

  return (
    <Dialog title="Undang pengguna" open onClose={onClose} onSubmit={submit} confirmLabel="Kirim undangan" pending={pending}>
      <p className="bj-dialog__lead">Pengguna baru menerima email berisi tautan untuk mengatur kata sandinya sendiri.</p>
      <TextField label="Nama" name="name" maxLength={100} required autoComplete="off" />
      <TextField label="Email" name="email" type="email" maxLength={254} required autoComplete="off" />
      <label className="bj-field">
        <span className="bj-field__label">Peran</span>
        <select className="bj-field__input" name="role" defaultValue="OPERATOR">
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {problem || refusal ? (
        <p className="bj-field__problem" role="alert">
          {problem ?? refusal}
        </p>
      ) : null}
    </Dialog>
  );
}
