import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { customerTypeLabels, genderLabels, legalFormLabels, riskLevelLabels, type CustomerType } from '@contract/customers';
import { INDONESIAN_BANKS } from '@machines/customer-rules/indonesian-banks';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { AddressFields } from '../../components/AddressFields';
import { DateField } from '../../components/DateField';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from '../../components/FileField';
import { documentTypeLabels } from '@contract/documents';
import { documentsApi } from '../../lib/documents-api';
import { SubmitButton, SubmitForm } from '../../components/Form';
import { PageHeading } from '../../components/PageHeading';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { customersApi, type CustomerDetail } from '../../lib/customers-api';
import { ErrorState, LoadingState } from '../../components/DataState';
import { useServerData } from '../../lib/server-data';
import { errorMessage } from '../../lib/error-message';
import { jakartaToday } from '../../lib/format';
import { customerChanges, existingCustomerId, MAX_REPRESENTATIVES, newCustomerInput, representativeFieldNames } from './customer-form';
import '../../styles/lists.css';
import '../../styles/customer-form.css';

/** The scans the counter takes with a new customer, each kept as a document of the customer. */
const DOCUMENT_FIELDS = [
  { name: 'documentKtp', type: 'KTP' },
  { name: 'documentNpwp', type: 'NPWP' },
  { name: 'documentDeed', type: 'DEED' },
] as const;

const choices = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
const BANK_CHOICES = INDONESIAN_BANKS.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` }));

/**
 * /nasabah/baru and /nasabah/:id/ubah: one form for a new customer and a kept one (as the product
 * screen does). A new customer at the counter (DOMAIN.md "Customers (CIF)") is an individual from
 * the KTP, or an entity with the representative who signs; the server checks every rule (NIK,
 * phone, NPWP, the address picked from the geography) and answers all problems at once; each goes
 * beside its field, the rest above the button, which take the focus. A NIK (NPWP) already kept
 * links to that customer.
 * A kept customer's form sends only what changed: contact data is saved at once, identity data and
 * the payout account wait for another supervisor in Permintaan Perubahan.
 */
export default function CustomerFormScreen() {
  const { id } = useParams();
  const kept = useServerData(id ? ['customers', 'detail', id] : null, (signal) => customersApi.detail(id ?? '', signal));
  if (!id) return <CustomerForm customer={null} />;
  if (kept.status === 'error') return <ErrorState title="Nasabah tidak dapat dimuat." error={kept.error} onRetry={kept.reload} />;
  if (kept.status !== 'ready' || !kept.data) return <LoadingState label="Memuat data nasabah…" />;
  return <CustomerForm key={`${kept.data.id}-${kept.data.version}`} customer={kept.data} />;
}

function CustomerForm({ customer }: { customer: CustomerDetail | null }) {
  const app = useAppActors();
  const navigate = useNavigate();
  const [type, setType] = useState<CustomerType>(customer?.type ?? 'INDIVIDUAL');
  const [representatives, setRepresentatives] = useState(Math.max(1, customer?.representatives.length ?? 1));
  const submission = useSubmit();
  const existingId = existingCustomerId(submission.failure);

  const save = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '');
    if (customer) {
      const changes = customerChanges(read, customer);
      const done = await submission.submit({ id: customer.id, ...changes }, (key) => customersApi.update(customer.id, changes, key));
      if (!done.ok) return;
      app.notify(
        done.answer.kind === 'saved'
          ? { type: 'success', title: `Data nasabah ${done.answer.customer.name} disimpan.` }
          : { type: 'success', title: 'Perubahan identitas atau rekening pencairan menunggu persetujuan supervisor lain di Permintaan Perubahan.' },
      );
      navigate(`/nasabah/${encodeURIComponent(customer.id)}`);
      return;
    }
    const input = newCustomerInput(read);
    const scans = DOCUMENT_FIELDS.flatMap(({ name, type }) => {
      const file = chosenFile(form, name);
      return file ? [{ type, file }] : [];
    });
    // The customer is whole without its scans; each scan is then its own document of the customer,
    // under a key of its own made from the customer's (a retry of the submission repeats them all).
    const done = await submission.submit(input, async (key) => {
      const created = await customersApi.create(input, key);
      const unsent: string[] = [];
      for (const { type, file } of scans) {
        const upload = { customerId: created.id, type, file };
        await documentsApi.uploadDocument(upload, `${key}-${type}`).catch((error: unknown) => unsent.push(`${documentTypeLabels[type]} (${errorMessage(error)})`));
      }
      return { created, unsent };
    });
    if (!done.ok) return;
    const { created, unsent } = done.answer;
    app.notify(
      unsent.length === 0
        ? { type: 'success', title: `Nasabah ${created.name} disimpan.` }
        : { type: 'error', title: `Nasabah ${created.name} disimpan, tetapi dokumen berikut belum terunggah: ${unsent.join('; ')}. Unggah dari halaman nasabah.` },
    );
    navigate(`/nasabah/${encodeURIComponent(created.id)}`);
  };

  const individual = type === 'INDIVIDUAL';
  return (
    <div className="bj-page">
      <PageHeading title={customer ? `Ubah Data Nasabah · ${customer.name}` : 'Nasabah Baru'} />
      <p>
        {customer ? <Link to={`/nasabah/${encodeURIComponent(customer.id)}`}>Kembali ke data nasabah</Link> : <Link to="/nasabah">Kembali ke daftar nasabah</Link>}
      </p>
      {customer ? (
        <p className="bj-muted" id="customer-change-rule">
          Telepon, email, alamat, pekerjaan dan sumber dana langsung tersimpan. Nama, NIK, data kelahiran, NPWP, bentuk badan, perwakilan dan rekening pencairan menunggu persetujuan
          supervisor lain; tingkat risiko hanya dapat diubah supervisor.
        </p>
      ) : null}
      <SubmitForm
        className="bj-card bj-form bj-form--grid"
        submission={submission}
        onSubmit={(form) => void save(form)}
        failureTitle={existingId ? 'Nasabah sudah terdaftar' : undefined}
        summaryExtra={
          existingId ? (
            <p>
              <Link to={`/nasabah/${encodeURIComponent(existingId)}`}>Buka data nasabah yang sudah ada</Link>
            </p>
          ) : null
        }
        actions={
          <div className="bj-form__full">
            <SubmitButton label={customer ? 'Simpan perubahan' : 'Simpan nasabah'} />
          </div>
        }
        aria-label={customer ? 'Ubah data nasabah' : 'Data nasabah baru'}
        aria-describedby={customer ? 'customer-change-rule' : undefined}
      >
        {customer ? null : (
          <fieldset className="bj-form__full bj-choices bj-choices--inline">
            <legend className="bj-field__label">Jenis nasabah</legend>
            {(Object.keys(customerTypeLabels) as CustomerType[]).map((value) => (
              <label key={value} className="bj-choice">
                <input type="radio" name="type" value={value} checked={type === value} onChange={() => setType(value)} /> {customerTypeLabels[value]}
              </label>
            ))}
          </fieldset>
        )}

        {individual ? (
          <>
            <TextField label="Nama sesuai KTP" name="name" defaultValue={customer?.name ?? ''} autoComplete="off" required />
            <TextField label="NIK" name="nik" defaultValue={customer?.nik ?? ''} inputMode="numeric" autoComplete="off" hint="16 angka sesuai KTP." required />
            <TextField label="Tempat lahir" name="birthPlace" defaultValue={customer?.birthPlace ?? ''} required />
            <DateField label="Tanggal lahir" name="birthDate" defaultValue={customer?.birthDate ?? ''} max={jakartaToday()} required />
            <SelectField label="Jenis kelamin" name="gender" defaultValue={customer?.gender ?? ''} options={choices(genderLabels)} placeholder="Pilih jenis kelamin" required />
            <TextField label="Nama ibu kandung" name="motherMaidenName" defaultValue={customer?.motherMaidenName ?? ''} required />
            <TextField label="Pekerjaan" name="occupation" defaultValue={customer?.occupation ?? ''} required />
            <TextField label="Sumber dana" name="sourceOfFunds" defaultValue={customer?.sourceOfFunds ?? ''} hint="Contoh: gaji, hasil usaha, pensiun." required />
            <TextField label="Tujuan pembukaan rekening" name="accountPurpose" defaultValue={customer?.accountPurpose ?? ''} required />
            <TextField label="NPWP" name="npwp" defaultValue={customer?.npwp ?? ''} inputMode="numeric" hint="Opsional; 15 atau 16 angka (NIK dapat dipakai sebagai NPWP)." />
          </>
        ) : (
          <>
            <TextField label="Nama badan" name="name" defaultValue={customer?.name ?? ''} required />
            <SelectField label="Bentuk badan" name="legalForm" defaultValue={customer?.legalForm ?? ''} options={choices(legalFormLabels)} placeholder="Pilih bentuk badan" required />
            <TextField label="NPWP" name="npwp" defaultValue={customer?.npwp ?? ''} inputMode="numeric" hint="15 atau 16 angka." required />
            <TextField label="NIB" name="nib" defaultValue={customer?.nib ?? ''} inputMode="numeric" hint="Opsional; 13 angka dari OSS." />
            <DateField label="Tanggal pendirian" name="establishedOn" defaultValue={customer?.establishedOn ?? ''} max={jakartaToday()} required />
            <TextField label="Tujuan pembukaan rekening" name="accountPurpose" defaultValue={customer?.accountPurpose ?? ''} />
            <fieldset className="bj-form__full bj-fieldset">
              <legend>Perwakilan yang menandatangani</legend>
              {Array.from({ length: representatives }, (_, index) => {
                const n = index + 1;
                const names = representativeFieldNames(n);
                const kept = customer?.representatives[index];
                const label = (text: string) => (n === 1 ? text : `${text} ${n}`);
                return (
                  <div key={n} className="bj-form__row">
                    <TextField label={label('Nama perwakilan')} name={names.name} defaultValue={kept?.name ?? ''} required={n === 1} />
                    <TextField label={label('NIK perwakilan')} name={names.nik} defaultValue={kept?.nik ?? ''} inputMode="numeric" required={n === 1} />
                    <TextField label={label('Jabatan perwakilan')} name={names.position} defaultValue={kept?.position ?? ''} hint={n === 1 ? 'Contoh: Direktur, Ketua.' : undefined} required={n === 1} />
                  </div>
                );
              })}
              {representatives < MAX_REPRESENTATIVES ? (
                <button type="button" className="bj-button bj-button--secondary" onClick={() => setRepresentatives(representatives + 1)}>
                  Tambah perwakilan
                </button>
              ) : null}
            </fieldset>
          </>
        )}

        <div className="bj-form__full">
          <TextField label="Alamat (jalan dan nomor)" name="address" defaultValue={customer?.address ?? ''} autoComplete="street-address" required />
        </div>
        <TextField label="RT/RW" name="rtRw" defaultValue={customer?.rtRw ?? ''} hint="Contoh: 003/005." />
        <div />
        <div className="bj-form__full">
          <AddressFields
            required
            defaultValue={
              customer
                ? { provinceId: customer.provinceId ?? '', cityId: customer.cityId ?? '', districtId: customer.districtId ?? '', villageId: customer.villageId ?? '', zipCode: customer.zipCode ?? '' }
                : undefined
            }
          />
        </div>
        <TextField label="Nomor telepon" name="phone" defaultValue={customer?.phone ?? ''} type="tel" autoComplete="off" hint="Contoh: 0812 3456 7890 atau +62 812 3456 7890." required />
        <TextField label="Email" name="email" defaultValue={customer?.email ?? ''} type="email" autoComplete="off" hint="Opsional; dipakai untuk dokumen yang ditandatangani secara elektronik." />

        <fieldset className="bj-form__full bj-fieldset">
          <legend>Rekening pencairan</legend>
          <SelectField label="Bank tujuan" name="payoutBankCode" defaultValue={customer?.payoutAccount?.bankCode ?? ''} options={BANK_CHOICES} placeholder="Pilih bank" />
          <TextField label="Nomor rekening" name="payoutAccountNumber" defaultValue={customer?.payoutAccount?.accountNumber ?? ''} inputMode="numeric" />
          <TextField label="Nama pemilik rekening" name="payoutAccountName" defaultValue={customer?.payoutAccount?.accountName ?? ''} />
        </fieldset>

        {customer ? null : (
          <fieldset className="bj-form__full bj-fieldset">
            <legend>Dokumen (opsional)</legend>
            {individual ? <FileField label="Pindaian KTP" name="documentKtp" accept={FILE_ACCEPT} hint={FILE_HINT} /> : null}
            <FileField label="Pindaian NPWP" name="documentNpwp" accept={FILE_ACCEPT} hint={FILE_HINT} />
            {individual ? null : <FileField label="Pindaian akta pendirian" name="documentDeed" accept={FILE_ACCEPT} hint={FILE_HINT} />}
          </fieldset>
        )}

        <SelectField
          label="Tingkat risiko"
          name="riskLevel"
          options={choices(riskLevelLabels)}
          defaultValue={customer?.riskLevel ?? 'LOW'}
          hint="Risiko tinggi: setiap penempatan nasabah ini harus disetujui supervisor."
          required
        />

      </SubmitForm>
    </div>
  );
}
