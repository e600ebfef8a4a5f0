import { useSelector } from '@xstate/react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit, type Submission } from '../../app/use-submit';
import { AddressFields } from '../../components/AddressFields';
import { BankLogo } from '../../components/BankLogo';
import { FileField } from '../../components/FileField';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { TextField } from '../../components/TextField';
import { PageHeading } from '../../components/PageHeading';
import type { User } from '@contract/auth';
import { mayAct } from '@machines/deposit-rules';

const ROLE_LABELS: Record<string, string> = { ADMIN: 'Admin', SUPERVISOR: 'Supervisor', OPERATOR: 'Operator' };
export const PROFILE_SAVED_MESSAGE = 'Profil berhasil diperbarui.';
export const ADDRESS_SAVED_MESSAGE = 'Alamat bank berhasil diperbarui.';
const ADDRESS_FIELDS = ['address', 'provinceId', 'cityId', 'districtId', 'villageId', 'zipCode'] as const;

/** "Jl. Merdeka No. 1, Citarum, Bandung Wetan, KOTA BANDUNG, JAWA BARAT 40115", or null without one. */
function addressLine(address: NonNullable<User['bpr']['address']> | undefined): string | null {
  if (!address) return null;
  const last = [address.province, address.zipCode].filter(Boolean).join(' ');
  const parts = [address.street, address.village, address.district, address.city, last].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * /bank/profil: the signed-in user's profile and bank. Name and phone can be changed; an admin can
 * also replace the bank's logo (PNG or JPEG, at most 1 MB — the server checks it) and set the
 * bank's address: the street line and the areas picked from the geography, which the courier and
 * the letterheads use. After saving, the session reads the profile again so every view shows the
 * new values.
 */
export default function BankProfileScreen() {
  const app = useAppActors();
  const user = useSelector(app.session, (snapshot) => snapshot.context.user);

  // Both forms post to /profile/update, each with its own submission and success message.
  const profile = useSubmit();
  const bankAddress = useSubmit();
  const save = async (submission: Submission, fields: Record<string, string | File | null>, savedMessage: string) => {
    const done = await submission.submit(fields, () => app.api.profileUpdate(fields));
    if (!done.ok) return;
    app.session.send({ type: 'session.check' });
    app.notify({ type: 'success', title: savedMessage });
  };

  if (!user) return null;
  const isAdmin = mayAct(user.role, 'ADMIN');

  const onSubmit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const logo = data.get('logo');
    const fields = { name: String(data.get('name') ?? ''), phone: String(data.get('phone') ?? ''), logo: logo instanceof File && logo.size > 0 ? logo : null };
    void save(profile, fields, PROFILE_SAVED_MESSAGE);
  };

  const address = user.bpr.address;
  const onAddressSubmit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const fields: Record<string, string> = {};
    for (const name of ADDRESS_FIELDS) fields[name] = String(data.get(name) ?? '');
    void save(bankAddress, fields, ADDRESS_SAVED_MESSAGE);
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
            <dt>Alamat</dt>
            <dd>{addressLine(address) ?? 'Belum diisi'}</dd>
          </dl>
        </section>
        <section className="bj-card" aria-labelledby="profile-edit">
          <h2 id="profile-edit" className="bj-card__title">
            Ubah profil
          </h2>
          <SubmitForm key={`${user.name}|${user.phone ?? ''}`} className="bj-form" submission={profile} onSubmit={onSubmit} actions={<SubmitButton label="Simpan" />}>
            <TextField label="Nama" name="name" defaultValue={user.name} autoComplete="name" required />
            <TextField label="Nomor telepon" name="phone" type="tel" defaultValue={user.phone ?? ''} autoComplete="tel" hint="Contoh: 081234567890" />
            {isAdmin ? (
              <FileField label="Logo bank" name="logo" accept="image/png,image/jpeg" hint="PNG atau JPEG, paling besar 1 MB." />
            ) : null}
          </SubmitForm>
        </section>
      </div>
      {isAdmin ? (
        <section className="bj-card bj-address-card" aria-labelledby="profile-address">
          <h2 id="profile-address" className="bj-card__title">
            Alamat bank
          </h2>
          <p className="bj-card__intro">Dipakai kurir JNE saat menjemput bilyet dan dicetak pada bilyet serta surat ARO.</p>
          <SubmitForm
            key={JSON.stringify(address ?? null)}
            className="bj-form"
            submission={bankAddress}
            onSubmit={onAddressSubmit}
            actions={<SubmitButton label="Simpan alamat" />}
          >
            <TextField label="Alamat (jalan, nomor, RT/RW)" name="address" defaultValue={address?.street ?? ''} autoComplete="street-address" required />
            <AddressFields
              required
              defaultValue={{
                provinceId: address?.provinceId ?? '',
                cityId: address?.cityId ?? '',
                districtId: address?.districtId ?? '',
                villageId: address?.villageId ?? '',
                zipCode: address?.zipCode ?? '',
              }}
              defaultNames={{
                ...(address?.province ? { province: address.province } : {}),
                ...(address?.city ? { city: address.city } : {}),
                ...(address?.district ? { district: address.district } : {}),
                ...(address?.village ? { village: address.village } : {}),
              }}
            />
          </SubmitForm>
        </section>
      ) : null}
    </div>
  );
}
