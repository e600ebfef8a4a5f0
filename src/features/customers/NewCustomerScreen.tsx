import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { customerTypeLabels, genderLabels, legalFormLabels, riskLevelLabels, type CustomerType } from '@contract/customers';
import { INDONESIAN_BANKS } from '@machines/customer-rules/indonesian-banks';
import { useAppActors } from '../../app/actors-context';
import { useSubmission } from '../../app/use-submission';
import { AddressFields } from '../../components/AddressFields';
import { DateField } from '../../components/DateField';
import { FormProblems } from '../../components/FormProblems';
import { PageHeading } from '../../components/PageHeading';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { customersApi } from '../../lib/customers-api';
import { errorMessage } from '../../lib/error-message';
import { createIdempotentSender } from '../../lib/idempotency';
import { jakartaToday } from '../../lib/format';
import { existingCustomerId, newCustomerInput } from './new-customer-form';
import '../../styles/lists.css';
import '../../styles/customer-form.css';

const choices = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
const BANK_CHOICES = INDONESIAN_BANKS.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` }));

/** What the last submission was refused for: every sentence the server gave, or the customer already kept. */
type Refusal = { kind: 'problems'; messages: string[] } | { kind: 'duplicate'; message: string; existingId: string };

/**
 * /nasabah/baru: a new customer at the counter (DOMAIN.md "Customers (CIF)") — an individual from
 * the KTP, or an entity with the representative who signs. The server checks every rule (NIK,
 * phone, NPWP, the address picked from the geography) and answers all problems at once; they are
 * listed above the button and take the focus. A NIK (NPWP) already kept at the bank links to that
 * customer instead.
 */
export default function NewCustomerScreen() {
  const app = useAppActors();
  const navigate = useNavigate();
  const [type, setType] = useState<CustomerType>('INDIVIDUAL');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [send] = useState(createIdempotentSender);

  const { pending, submit } = useSubmission(async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const input = newCustomerInput((name) => String(data.get(name) ?? ''));
    try {
      const customer = await send(input, (key) => customersApi.create(input, key));
      app.notify({ type: 'success', title: `Nasabah ${customer.name} disimpan.` });
      navigate(`/nasabah/${encodeURIComponent(customer.id)}`);
    } catch (error) {
      const existingId = existingCustomerId(error);
      const message = errorMessage(error);
      setRefusal(existingId ? { kind: 'duplicate', message, existingId } : { kind: 'problems', messages: message.split('\n') });
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    void submit(event.currentTarget);
  };

  const individual = type === 'INDIVIDUAL';
  return (
    <div className="bj-page">
      <PageHeading title="Nasabah Baru" />
      <p>
        <Link to="/nasabah">Kembali ke daftar nasabah</Link>
      </p>
      <form className="bj-card bj-form bj-form--grid" onSubmit={onSubmit} noValidate aria-busy={pending} aria-label="Data nasabah baru">
        <fieldset className="bj-form__full bj-choices bj-choices--inline">
          <legend className="bj-field__label">Jenis nasabah</legend>
          {(Object.keys(customerTypeLabels) as CustomerType[]).map((value) => (
            <label key={value} className="bj-choice">
              <input type="radio" name="type" value={value} checked={type === value} onChange={() => setType(value)} /> {customerTypeLabels[value]}
            </label>
          ))}
        </fieldset>

        {individual ? (
          <>
            <TextField label="Nama sesuai KTP" name="name" autoComplete="off" required />
            <TextField label="NIK" name="nik" inputMode="numeric" autoComplete="off" hint="16 angka sesuai KTP." required />
            <TextField label="Tempat lahir" name="birthPlace" required />
            <DateField label="Tanggal lahir" name="birthDate" max={jakartaToday()} required />
            <SelectField label="Jenis kelamin" name="gender" options={choices(genderLabels)} placeholder="Pilih jenis kelamin" required />
            <TextField label="Nama ibu kandung" name="motherMaidenName" required />
            <TextField label="Pekerjaan" name="occupation" required />
            <TextField label="Sumber dana" name="sourceOfFunds" hint="Contoh: gaji, hasil usaha, pensiun." required />
            <TextField label="Tujuan pembukaan rekening" name="accountPurpose" required />
            <TextField label="NPWP" name="npwp" inputMode="numeric" hint="Opsional; 15 atau 16 angka (NIK dapat dipakai sebagai NPWP)." />
          </>
        ) : (
          <>
            <TextField label="Nama badan" name="name" required />
            <SelectField label="Bentuk badan" name="legalForm" options={choices(legalFormLabels)} placeholder="Pilih bentuk badan" required />
            <TextField label="NPWP" name="npwp" inputMode="numeric" hint="15 atau 16 angka." required />
            <TextField label="NIB" name="nib" inputMode="numeric" hint="Opsional; 13 angka dari OSS." />
            <DateField label="Tanggal pendirian" name="establishedOn" max={jakartaToday()} required />
            <TextField label="Tujuan pembukaan rekening" name="accountPurpose" />
            <fieldset className="bj-form__full bj-fieldset">
              <legend>Perwakilan yang menandatangani</legend>
              <TextField label="Nama perwakilan" name="representativeName" required />
              <TextField label="NIK perwakilan" name="representativeNik" inputMode="numeric" required />
              <TextField label="Jabatan perwakilan" name="representativePosition" hint="Contoh: Direktur, Ketua." required />
            </fieldset>
          </>
        )}

        <div className="bj-form__full">
          <TextField label="Alamat (jalan dan nomor)" name="address" autoComplete="street-address" required />
        </div>
        <TextField label="RT/RW" name="rtRw" hint="Contoh: 003/005." />
        <div />
        <div className="bj-form__full">
          <AddressFields required />
        </div>
        <TextField label="Nomor telepon" name="phone" type="tel" autoComplete="off" hint="Contoh: 0812 3456 7890 atau +62 812 3456 7890." required />
        <TextField label="Email" name="email" type="email" autoComplete="off" hint="Opsional; dipakai untuk dokumen yang ditandatangani secara elektronik." />

        <fieldset className="bj-form__full bj-fieldset">
          <legend>Rekening pencairan</legend>
          <SelectField label="Bank tujuan" name="payoutBankCode" options={BANK_CHOICES} placeholder="Pilih bank" />
          <TextField label="Nomor rekening" name="payoutAccountNumber" inputMode="numeric" />
          <TextField label="Nama pemilik rekening" name="payoutAccountName" />
        </fieldset>

        <SelectField
          label="Tingkat risiko"
          name="riskLevel"
          options={choices(riskLevelLabels)}
          defaultValue="LOW"
          hint="Risiko tinggi: setiap penempatan nasabah ini harus disetujui supervisor."
          required
        />

        {refusal?.kind === 'duplicate' ? (
          <FormProblems title="Nasabah sudah terdaftar">
            <p>{refusal.message}</p>
            <p>
              <Link to={`/nasabah/${encodeURIComponent(refusal.existingId)}`}>Buka data nasabah yang sudah ada</Link>
            </p>
          </FormProblems>
        ) : refusal ? (
          <FormProblems problems={refusal.messages} />
        ) : null}
        <div className="bj-form__full">
          <button className="bj-button bj-button--primary" type="submit" aria-disabled={pending || undefined}>
            {pending ? 'Menyimpan…' : 'Simpan nasabah'}
          </button>
        </div>
      </form>
    </div>
  );
}
