import { useSelector } from '@xstate/react';
import { useCallback, type FormEvent } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmission } from '../../app/use-submission';
import { BankLogo } from '../../components/BankLogo';
import { FileField } from '../../components/FileField';
import { TextField } from '../../components/TextField';
import { PageHeading } from '../../components/PageHeading';

const ROLE_LABELS: Record<string, string> = { ADMIN: 'Admin', SUPERVISOR: 'Supervisor', OPERATOR: 'Operator' };
export const PROFILE_SAVED_MESSAGE = 'Profil berhasil diperbarui.';

/**
 * /bank/profil: the signed-in user's profile and bank. Name and phone can be changed; an admin can
 * also replace the bank's logo (PNG or JPEG, at most 1 MB — the server checks it). After saving,
 * the session reads the profile again so the header shows the new values.
 */
export default function BankProfileScreen() {
  const app = useAppActors();
  const user = useSelector(app.session, (snapshot) => snapshot.context.user);

  const save = useCallback(
    async (fields: Record<string, string | File | null>) => {
      try {
        await app.api.profileUpdate(fields);
        app.session.send({ type: 'session.check' });
        app.notify({ type: 'success', title: PROFILE_SAVED_MESSAGE });
      } catch (error) {
        app.showError(error);
      }
    },
    [app],
  );
  const { pending, submit } = useSubmission(save);

  if (!user) return null;
  const isAdmin = user.role === 'ADMIN';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const logo = data.get('logo');
    void submit({
      name: String(data.get('name') ?? ''),
      phone: String(data.get('phone') ?? ''),
      logo: logo instanceof File && logo.size > 0 ? logo : null,
    });
  };

  return (
    <div className="bj-page">
      <PageHeading title="Profil Bank" />
      <div className="bj-columns">
        <section className="bj-card" aria-labelledby="profile-bank">
          <h2 id="profile-bank" className="bj-card__title">
            Bank
          </h2>
          <div className="bj-profile-bank">
            <BankLogo bankName={user.bpr.name} url={user.bpr.logoUrl} size={64} />
            <p className="bj-profile-bank__name">{user.bpr.name}</p>
          </div>
          <dl className="bj-details">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Peran</dt>
            <dd>{ROLE_LABELS[user.role] ?? user.role}</dd>
          </dl>
        </section>
        <section className="bj-card" aria-labelledby="profile-edit">
          <h2 id="profile-edit" className="bj-card__title">
            Ubah profil
          </h2>
          <form key={`${user.name}|${user.phone ?? ''}`} className="bj-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
            <TextField label="Nama" name="name" defaultValue={user.name} autoComplete="name" required />
            <TextField label="Nomor telepon" name="phone" type="tel" defaultValue={user.phone ?? ''} autoComplete="tel" hint="Contoh: 081234567890" />
            {isAdmin ? (
              <FileField label="Logo bank" name="logo" accept="image/png,image/jpeg" hint="PNG atau JPEG, paling besar 1 MB." />
            ) : null}
            <button className="bj-button bj-button--primary" type="submit" disabled={pending}>
              {pending ? 'Menyimpan…' : 'Simpan'}
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
