import { useState } from 'react';
import { INDONESIAN_BANKS } from '@machines/customer-rules/indonesian-banks';
import type { RaiseChangeRequest } from '@contract/deposit-api';
import type { Submission } from '../../app/use-submit';
import { Dialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import type { DepositDetail } from '../../lib/deposit-api';
import { instructionLabels } from '../../lib/deposit-labels';

const BANK_CHOICES = INDONESIAN_BANKS.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` }));
const INSTRUCTION_CHOICES = (Object.keys(instructionLabels) as Array<keyof typeof instructionLabels>).map((value) => ({ value, label: instructionLabels[value] }));

/** What the dialog sends: the payout account or the instruction asked for this deposit's customer. */
export function raiseChangeInput(depositId: string, fields: (name: string) => string): RaiseChangeRequest {
  if (fields('kind') === 'instruction') return { depositId, kind: 'instruction', instruction: fields('instruction') as 'ARO' };
  return { depositId, kind: 'payoutAccount', bankCode: fields('bankCode'), accountNumber: fields('accountNumber').trim(), accountName: fields('accountName').trim() };
}

/**
 * Ajukan perubahan: staff raise the customer's new payout account or maturity instruction from the
 * deposit; it waits in Permintaan Perubahan for a supervisor other than the one who raised it.
 */
export function RaiseChangeDialog({ deposit, submission, onClose, onSubmit }: { deposit: DepositDetail; submission: Submission; onClose: () => void; onSubmit: (input: RaiseChangeRequest) => void }) {
  const [kind, setKind] = useState<'payoutAccount' | 'instruction'>('payoutAccount');
  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    onSubmit(raiseChangeInput(deposit.id, (name) => String(data.get(name) ?? '')));
  };
  return (
    <Dialog title={`Ajukan perubahan · ${deposit.depositNumber}`} open onClose={onClose} onSubmit={submit} confirmLabel="Ajukan" submission={submission}>
      <p className="bj-dialog__lead">Perubahan menunggu keputusan supervisor lain di Permintaan Perubahan; setelah disetujui berlaku untuk nasabah {deposit.customer.name}.</p>
      <SelectField
        label="Yang diubah"
        name="kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as 'payoutAccount' | 'instruction')}
        options={[
          { value: 'payoutAccount', label: 'Rekening pencairan' },
          { value: 'instruction', label: 'Instruksi jatuh tempo' },
        ]}
      />
      {kind === 'payoutAccount' ? (
        <>
          <SelectField label="Bank tujuan" name="bankCode" options={BANK_CHOICES} placeholder="Pilih bank" required />
          <TextField label="Nomor rekening" name="accountNumber" inputMode="numeric" autoComplete="off" required />
          <TextField label="Nama pemilik rekening" name="accountName" defaultValue={deposit.customer.name} autoComplete="off" required />
        </>
      ) : (
        <SelectField label="Instruksi baru" name="instruction" options={INSTRUCTION_CHOICES} defaultValue={deposit.maturityInstruction} required />
      )}
    </Dialog>
  );
}
