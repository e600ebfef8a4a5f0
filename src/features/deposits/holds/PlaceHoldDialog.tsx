import { HOLD_REASONS } from '@contract/holds';
import { addDays, holdReasonLabels } from '@machines/deposit-rules';
import { useAppActors } from '../../../app/actors-context';
import type { Submission } from '../../../app/use-submit';
import { DateField } from '../../../components/DateField';
import { Dialog } from '../../../components/Dialog';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from '../../../components/FileField';
import { FieldProblem } from '../../../components/FieldParts';
import { SelectField } from '../../../components/SelectField';
import { TextAreaField, TextField } from '../../../components/TextField';
import type { DepositDetail } from '../../../lib/deposit-api';
import { holdsApi, type Hold } from '../../../lib/holds-api';
import { PLACE_HOLD_OPENINGS, readPlaceHold } from './place-hold-form';

const REASON_CHOICES = HOLD_REASONS.map((value) => ({ value, label: holdReasonLabels[value] }));
const STOP_PROBLEM_ID = 'place-hold-stop-interest-problem';

/** The problem a date field holds for text that is not a date (DateField keeps it as the input's validity). */
function invalidDate(form: HTMLFormElement, name: string): string | undefined {
  const hidden = form.querySelector(`input[type="hidden"][name="${name}"]`);
  const visible = hidden?.closest('.bj-date-field')?.querySelector<HTMLInputElement>('.bj-date-field__input');
  return visible?.validity.customError ? visible.validationMessage : undefined;
}

/**
 * "Pasang Blokir" (a supervisor): why the deposit is frozen, the reference it answers to (loan,
 * letter, claim), the letter's date and file, until when, and whether interest payouts stop too.
 * Every problem the server names goes beside its field, the rest above the buttons; focus goes to
 * the first. The dialog stays open with what was typed until the hold is placed.
 */
export function PlaceHoldDialog({ deposit, submission, onClose, onPlaced }: { deposit: DepositDetail; submission: Submission; onClose: () => void; onPlaced: (hold: Hold) => void }) {
  const app = useAppActors();

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '');
    const checked = readPlaceHold(deposit.id, read, {
      file: chosenFile(form, 'file'),
      stopInterestPayout: data.get('stopInterestPayout') === 'on',
      invalidDates: { letterDate: invalidDate(form, 'letterDate'), until: invalidDate(form, 'until') },
    });
    if (!checked.input) return submission.invalid({ fieldProblems: checked.problems.fields, problems: checked.problems.rest });
    const input = checked.input;
    const done = await submission.submit(input, (key) => holdsApi.place(input, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: `Blokir dipasang: ${done.answer.label}.` });
    onPlaced(done.answer);
  };

  const stopProblem = submission.fieldErrors.stopInterestPayout?.join(' ');
  return (
    <Dialog
      title={`Pasang Blokir · ${deposit.depositNumber}`}
      open
      onClose={onClose}
      onSubmit={(form) => void submit(form)}
      confirmLabel="Pasang Blokir"
      confirmTone="danger"
      submission={submission}
      failureTitle="Blokir belum dipasang"
      openings={PLACE_HOLD_OPENINGS}
    >
      <p className="bj-dialog__lead">
        Selama blokir berlaku, deposito {deposit.customer.name} tidak dapat dicairkan, diperpanjang, dihentikan ARO-nya atau diubah rekening pencairannya.
      </p>
      <div className="bj-dialog__body">
        <SelectField label="Alasan blokir" name="reason" options={REASON_CHOICES} placeholder="Pilih alasan" defaultValue="" required />
        <TextField
          label="Nomor referensi"
          name="reference"
          maxLength={60}
          autoComplete="off"
          hint="Nomor perjanjian kredit, nomor surat, atau nomor klaim."
          required
        />
        <div className="bj-dialog__pair">
          <DateField label="Tanggal surat" name="letterDate" max={deposit.today} />
          <DateField label="Berlaku sampai" name="until" min={addDays(deposit.today, 1)} />
        </div>
        <p className="bj-field__hint">Kosongkan &ldquo;Berlaku sampai&rdquo; bila blokir berlaku sampai dilepas dengan persetujuan dua orang.</p>
        <div className="bj-field">
          <label className="bj-choice">
            <input type="checkbox" name="stopInterestPayout" aria-invalid={stopProblem ? true : undefined} aria-describedby={stopProblem ? STOP_PROBLEM_ID : undefined} />
            Hentikan pembayaran bunga
          </label>
          <p className="bj-field__hint">Bunga bulanan tidak dapat dicatat dibayar selama blokir ini berlaku.</p>
          <FieldProblem id={STOP_PROBLEM_ID} problem={stopProblem ?? null} />
        </div>
        <TextAreaField label="Catatan" name="note" rows={2} maxLength={500} />
        <FileField label="Surat blokir" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} />
      </div>
    </Dialog>
  );
}
