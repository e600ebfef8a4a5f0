import { useEffect, useRef, useState } from 'react';
import { HOLD_REASONS } from '@contract/holds';
import { addDays, holdReasonLabels } from '@machines/deposit-rules';
import { useAppActors } from '../../../app/actors-context';
import { DateField } from '../../../components/DateField';
import { Dialog } from '../../../components/Dialog';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from '../../../components/FileField';
import { FormProblems } from '../../../components/FormProblems';
import { SelectField } from '../../../components/SelectField';
import { TextField } from '../../../components/TextField';
import type { DepositDetail } from '../../../lib/deposit-api';
import { errorMessage } from '../../../lib/error-message';
import type { IdempotentSend } from '../../../lib/idempotency';
import { holdsApi, type Hold } from '../../../lib/holds-api';
import { NO_PROBLEMS, readPlaceHold, sortProblems, type PlaceHoldField, type PlaceHoldProblems } from './place-hold-form';

const REASON_CHOICES = HOLD_REASONS.map((value) => ({ value, label: holdReasonLabels[value] }));

/** The problem a date field holds for text that is not a date (DateField keeps it as the input's validity). */
function invalidDate(form: HTMLFormElement, name: string): string | undefined {
  const hidden = form.querySelector(`input[type="hidden"][name="${name}"]`);
  const visible = hidden?.closest('.bj-date-field')?.querySelector<HTMLInputElement>('.bj-date-field__input');
  return visible?.validity.customError ? visible.validationMessage : undefined;
}

/** A field's problems in one sentence list, for the fields that show one line. */
const joined = (problems: readonly string[] | undefined) => (problems && problems.length > 0 ? problems.join(' ') : null);

/**
 * "Pasang Blokir" (a supervisor): why the deposit is frozen, the reference it answers to (loan,
 * letter, claim), the letter's date and file, until when, and whether interest payouts stop too.
 * Every problem the server names goes beside its field, the rest above the form; focus goes to the
 * first. The dialog stays open with what was typed until the hold is placed.
 */
export function PlaceHoldDialog({ deposit, send, onClose, onPlaced }: { deposit: DepositDetail; send: IdempotentSend; onClose: () => void; onPlaced: (hold: Hold) => void }) {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [problems, setProblems] = useState<PlaceHoldProblems & { title: string }>({ ...NO_PROBLEMS, title: '' });
  const [attempt, setAttempt] = useState(0);
  const formArea = useRef<HTMLDivElement>(null);

  // Without a summary to take the focus (FormProblems does), the first field with a problem takes it.
  useEffect(() => {
    if (attempt === 0 || problems.rest.length > 0) return;
    formArea.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, problems]);

  const refuse = (next: PlaceHoldProblems, title: string) => {
    setProblems({ ...next, title });
    setAttempt((count) => count + 1);
  };

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '');
    const checked = readPlaceHold(deposit.id, read, {
      file: chosenFile(form, 'file'),
      stopInterestPayout: data.get('stopInterestPayout') === 'on',
      invalidDates: { letterDate: invalidDate(form, 'letterDate'), until: invalidDate(form, 'until') },
    });
    if (!checked.input) return refuse(checked.problems, 'Periksa isian berikut');
    const input = checked.input;
    setPending(true);
    setProblems({ ...NO_PROBLEMS, title: '' });
    try {
      const hold = await send(input, (key) => holdsApi.place(input, key));
      app.notify({ type: 'success', title: `Blokir dipasang: ${hold.label}.` });
      onPlaced(hold);
    } catch (error) {
      app.showError(error);
      const status = (error as { statusCode?: number }).statusCode;
      const sorted = sortProblems(errorMessage(error).split('\n'));
      refuse(status === 400 ? sorted : { fields: {}, rest: [errorMessage(error)] }, status === 400 ? 'Periksa isian berikut' : 'Blokir belum dipasang');
    } finally {
      setPending(false);
    }
  };

  const field = (name: PlaceHoldField) => joined(problems.fields[name]);
  return (
    <Dialog title={`Pasang Blokir · ${deposit.depositNumber}`} open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Pasang Blokir" confirmTone="danger" pending={pending}>
      {problems.rest.length > 0 ? <FormProblems problems={problems.rest} title={problems.title} /> : null}
      <p className="bj-dialog__lead">
        Selama blokir berlaku, deposito {deposit.customer.name} tidak dapat dicairkan, diperpanjang, dihentikan ARO-nya atau diubah rekening pencairannya.
      </p>
      <div className="bj-dialog__body" ref={formArea}>
        <SelectField label="Alasan blokir" name="reason" options={REASON_CHOICES} placeholder="Pilih alasan" defaultValue="" problem={field('reason')} required />
        <TextField
          label="Nomor referensi"
          name="reference"
          maxLength={60}
          autoComplete="off"
          hint="Nomor perjanjian kredit, nomor surat, atau nomor klaim."
          problem={field('reference')}
          required
        />
        <div className="bj-dialog__pair">
          <DateField label="Tanggal surat" name="letterDate" max={deposit.today} problem={field('letterDate')} />
          <DateField label="Berlaku sampai" name="until" min={addDays(deposit.today, 1)} problem={field('until')} />
        </div>
        <p className="bj-field__hint">Kosongkan &ldquo;Berlaku sampai&rdquo; bila blokir berlaku sampai dilepas dengan persetujuan dua orang.</p>
        <div className="bj-field">
          <label className="bj-choice">
            <input type="checkbox" name="stopInterestPayout" aria-invalid={field('stopInterestPayout') ? true : undefined} />
            Hentikan pembayaran bunga
          </label>
          <p className="bj-field__hint">Bunga bulanan tidak dapat dicatat dibayar selama blokir ini berlaku.</p>
          {field('stopInterestPayout') ? (
            <p className="bj-field__problem" role="alert">
              {field('stopInterestPayout')}
            </p>
          ) : null}
        </div>
        <label className="bj-field">
          <span className="bj-field__label">Catatan</span>
          <textarea className="bj-field__input" name="note" rows={2} maxLength={500} aria-invalid={field('note') ? true : undefined} />
          {field('note') ? (
            <span className="bj-field__problem" role="alert">
              {field('note')}
            </span>
          ) : null}
        </label>
        <FileField label="Surat blokir" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} problems={problems.fields.file ?? []} />
      </div>
    </Dialog>
  );
}
