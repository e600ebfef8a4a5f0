import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RegistrationFields } from '../../../contract/registration';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { AddressFields } from '../../components/AddressFields';
import { AuthLayout } from '../../components/AuthLayout';
import { FileField } from '../../components/FileField';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { Notice } from '../../components/Notice';
import { TextField } from '../../components/TextField';
import { DOCUMENT_ACCEPT, documentProblems } from './registration-documents';
import { ADDRESS_PICK_FIELDS, addressPickProblems } from './registration-address';

/** The text fields of the registration form, named as POST /auth/registration reads them. */
const TEXT_FIELDS: ReadonlyArray<{ name: keyof RegistrationFields; label: string; type?: string; autoComplete?: string; hint?: string }> = [
  { name: 'bankName', label: 'Nama bank', autoComplete: 'organization', hint: 'Contoh: BPR Sejahtera Makmur' },
  { name: 'ojkLicenseNumber', label: 'Nomor izin OJK' },
  { name: 'npwp', label: 'NPWP', hint: '15 atau 16 angka; titik dan tanda hubung boleh.' },
  { name: 'contactName', label: 'Nama kontak', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Nomor telepon', type: 'tel', autoComplete: 'tel', hint: 'Contoh: 081234567890' },
  { name: 'address', label: 'Alamat', autoComplete: 'street-address', hint: 'Jalan, nomor, RT/RW; wilayahnya dipilih di bawah.' },
];

export const REGISTRATION_SENT_TITLE = 'Pendaftaran terkirim';

/**
 * /registration: a bank applies to use Berjangka. Sent as multipart with only the filled fields
 * (buildRegistrationForm); the server checks every field and answers in Indonesian.
 */
export default function RegistrationScreen() {
  const app = useAppActors();
  // The documents are checked as they are chosen; the submission shows the rest.
  const [problems, setProblems] = useState<string[]>([]);
  const [sent, setSent] = useState<{ bankName: string; email: string } | null>(null);
  const registration = useSubmit();

  const onSubmit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const documents = data.getAll('documents').filter((entry): entry is File => entry instanceof File && entry.size > 0);
    const found = documentProblems(documents);
    setProblems(found);
    const fields: Record<string, string | File[]> = { documents };
    for (const name of [...TEXT_FIELDS.map((field) => field.name), ...ADDRESS_PICK_FIELDS]) fields[name] = String(data.get(name) ?? '');
    // The server takes a registration without picked areas (older clients); this form asks for them.
    const missing = addressPickProblems(fields);
    if (found.length > 0 || missing.length > 0) return registration.invalid({ fieldProblems: { area: missing } });
    const done = await registration.submit(fields, () => app.api.registration(fields));
    if (!done.ok) return;
    setSent({ bankName: String(fields.bankName ?? ''), email: String(fields.email ?? '') });
    app.notify({ type: 'success', title: REGISTRATION_SENT_TITLE });
  };

  if (sent) {
    return (
      <AuthLayout title="Pendaftaran bank" footer={<p><Link to="/login">Ke halaman Masuk</Link></p>}>
        <Notice tone="success" title={REGISTRATION_SENT_TITLE}>
          <p>
            Terima kasih. Pendaftaran <strong>{sent.bankName}</strong> telah kami terima dan sedang ditinjau. Kami akan
            menghubungi <strong>{sent.email}</strong> setelah peninjauan selesai.
          </p>
        </Notice>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      wide
      title="Pendaftaran bank"
      intro="Daftarkan BPR Anda untuk mengelola deposito di Berjangka. Isian bertanda * wajib diisi; tim kami meninjau pendaftaran sebelum akun dibuat."
      footer={
        <p>
          Sudah punya akun? <Link to="/login">Masuk</Link>
        </p>
      }
    >
      <SubmitForm
        className="bj-form bj-form--grid"
        submission={registration}
        onSubmit={(form) => void onSubmit(form)}
        actions={
          <div className="bj-form__full">
            <SubmitButton label="Kirim pendaftaran" busyLabel="Mengirim…" />
          </div>
        }
      >
        {TEXT_FIELDS.map((field) => (
          <div key={field.name} className={field.name === 'address' ? 'bj-form__full' : undefined}>
            <TextField name={field.name} label={field.label} type={field.type ?? 'text'} autoComplete={field.autoComplete} hint={field.hint} required />
          </div>
        ))}
        <div className="bj-form__full">
          <AddressFields required />
        </div>
        <div className="bj-form__full">
          <FileField
            label="Dokumen pendukung"
            name="documents"
            multiple
            required
            accept={DOCUMENT_ACCEPT}
            hint="Izin usaha OJK, NPWP, akta pendirian: PDF, JPEG atau PNG, masing-masing paling besar 5 MB, paling banyak 10 berkas."
            problems={problems}
            onFilesChange={(files) => setProblems(files.length > 0 ? documentProblems(files) : [])}
          />
        </div>
      </SubmitForm>
    </AuthLayout>
  );
}
