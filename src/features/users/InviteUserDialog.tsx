import type { Role } from '@contract/auth';
import type { Submission } from '../../app/use-submit';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import type { InviteUser } from '../../lib/users-api';
import { ROLE_OPTIONS } from './user-rules';

interface InviteUserDialogProps {
  /** The invitation's request: the server's refusal (e.g. the email is taken) shows in the dialog. */
  submission: Submission;
  onClose: () => void;
  onSubmit: (invite: InviteUser) => void;
}

/** Every missing field; the server checks everything again. */
function missingFields(invite: InviteUser): string[] {
  return [...(invite.name ? [] : ['Nama wajib diisi.']), ...(invite.email ? [] : ['Email wajib diisi.'])];
}

/** "Undang pengguna": name, email and role; the invited user sets a password from the mailed link. */
export function InviteUserDialog({ submission, onClose, onSubmit }: InviteUserDialogProps) {
  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const invite: InviteUser = {
      name: String(data.get('name') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      role: String(data.get('role') ?? 'OPERATOR') as Role,
    };
    const missing = missingFields(invite);
    if (missing.length > 0) submission.invalid({ problems: missing });
    else onSubmit(invite);
  };

  return (
    <Dialog title="Undang pengguna" open onClose={onClose} onSubmit={submit} confirmLabel="Kirim undangan" submission={submission}>
      <p className="bj-dialog__lead">Pengguna baru menerima email berisi tautan untuk mengatur kata sandinya sendiri.</p>
      <TextField label="Nama" name="name" maxLength={100} required autoComplete="off" />
      <TextField label="Email" name="email" type="email" maxLength={254} required autoComplete="off" />
      <SelectField label="Peran" name="role" defaultValue="OPERATOR" options={ROLE_OPTIONS} />
    </Dialog>
  );
}
