import { useId } from 'react';
import { DOCUMENT_MAX_BYTES } from '@contract/documents';
import type { Submission } from '../../../app/use-submit';
import { Dialog } from '../../../components/Dialog';
import { DateField } from '../../../components/DateField';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from '../../../components/FileField';
import { TextAreaField, TextField } from '../../../components/TextField';
import { bilyetStepCopy, type BilyetStepKind, type BilyetStepRequest, type BilyetStepTarget } from './bilyet-steps';
import { ParcelDestination } from './ParcelDestination';

interface BilyetStepDialogProps {
  kind: BilyetStepKind;
  target: BilyetStepTarget;
  /** The step's request: pending, and every problem (the form's or the server's) shown in the dialog. */
  submission: Submission;
  onClose: () => void;
  onSubmit: (request: BilyetStepRequest) => void;
}

const TOO_LARGE = 'Berkas paling besar 5 MB.';
/** Couriers staff often type; any other name can be typed too. */
const COURIERS = ['JNE', 'J&T Express', 'SiCepat', 'POS Indonesia', 'TIKI', 'AnterAja'];

/** A check of the form as filled in: whether it fails, the field, and what it says. */
type Check = [fails: boolean, field: string, problem: string];

/** Every problem of the form as filled in, by field; the server checks everything again. */
function problemsOf(checks: readonly Check[]): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const [fails, field, problem] of checks) if (fails) (problems[field] ??= []).push(problem);
  return problems;
}

/** One dialog of the bilyet's journey: what happens, and the fields API.md asks for. */
export function BilyetStepDialog({ kind, target, submission, onClose, onSubmit }: BilyetStepDialogProps) {
  const copy = bilyetStepCopy[kind];
  const { depositId } = target;

  const submit = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const file = chosenFile(form, 'file');
    const tooLarge: Check = [file !== null && file.size > DOCUMENT_MAX_BYTES, 'file', TOO_LARGE];
    const send = (request: BilyetStepRequest, checks: Check[]) => {
      const found = problemsOf([...checks, tooLarge]);
      if (Object.keys(found).length > 0) submission.invalid({ fieldProblems: found });
      else onSubmit(request);
    };
    switch (kind) {
      case 'upload':
        return send({ kind, input: { depositId, bilyetNumber: text('bilyetNumber'), file: file! } }, [
          [!text('bilyetNumber'), 'bilyetNumber', 'Nomor bilyet wajib diisi.'],
          [!file, 'file', 'Pindaian bilyet wajib diunggah.'],
        ]);
      case 'bookPickup': {
        const address = text('address');
        return send({ kind, input: { depositId, pickupDate: text('pickupDate'), pickupTime: text('pickupTime'), ...(address ? { address } : {}) } }, [
          [!text('pickupDate'), 'pickupDate', 'Tanggal penjemputan wajib diisi.'],
          [!/^\d{2}:\d{2}$/.test(text('pickupTime')), 'pickupTime', 'Jam penjemputan wajib diisi, contoh 14:00.'],
        ]);
      }
      case 'recordResi':
        return send({ kind, input: { depositId, courier: text('courier'), awb: text('awb') } }, [
          [!text('courier'), 'courier', 'Nama kurir wajib diisi.'],
          [!text('awb'), 'awb', 'Nomor resi wajib diisi.'],
        ]);
      case 'handOver':
      case 'receive':
        return send({ kind, input: { depositId, receivedAt: text('receivedAt'), receivedBy: text('receivedBy'), file } }, [
          [!text('receivedAt'), 'receivedAt', 'Tanggal diterima wajib diisi.'],
          [!text('receivedBy'), 'receivedBy', 'Nama penerima bilyet wajib diisi.'],
        ]);
      case 'unship':
        return send({ kind, input: { depositId } }, []);
      case 'return':
        return send({ kind, input: { depositId, returnedAt: text('returnedAt'), file } }, [[!text('returnedAt'), 'returnedAt', 'Tanggal pengembalian wajib diisi.']]);
      case 'reportLost':
        return send({ kind, input: { depositId, reason: text('reason'), file: file! } }, [
          [!text('reason'), 'reason', 'Alasan kehilangan wajib diisi.'],
          [!file, 'file', 'Surat keterangan kehilangan atau laporan polisi wajib diunggah.'],
        ]);
    }
  };

  return (
    <Dialog
      title={`${copy.label} · ${target.depositNumber}`}
      open
      onClose={onClose}
      onSubmit={submit}
      confirmLabel={copy.label}
      confirmTone={copy.danger ? 'danger' : 'primary'}
      submission={submission}
    >
      <p className="bj-dialog__lead">
        {target.customerName}
        {target.bilyetNumber ? ` · Bilyet ${target.bilyetNumber}` : ''}
      </p>
      <StepFields kind={kind} target={target} />
    </Dialog>
  );
}

function StepFields({ kind, target }: { kind: BilyetStepKind; target: BilyetStepTarget }) {
  const id = useId();
  switch (kind) {
    case 'upload':
      return (
        <>
          <p>
            {target.bilyetStatus === 'lost'
              ? 'Bilyet pengganti: cetak bilyet baru, tanda tangani dan cap, lalu unggah pindaiannya dengan nomor barunya (bukan nomor bilyet yang hilang).'
              : 'Unggah pindaian bilyet yang sudah ditandatangani dan dicap, dengan nomor yang tercetak padanya. Setelah diunggah bilyet Diterbitkan.'}
          </p>
          <TextField
            label="Nomor bilyet"
            name="bilyetNumber"
            maxLength={50}
            required
            autoComplete="off"
            defaultValue={target.printedNumber ?? ''}
            hint={target.printedNumber ? `Nomor yang dicetak pada bilyet: ${target.printedNumber}.` : undefined}
          />
          <FileField label="Pindaian bilyet" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} required />
        </>
      );
    case 'bookPickup':
      return (
        <>
          <p>Kurir JNE menjemput bilyet di bank pada waktu yang dipilih. Penjemputan dapat dibatalkan selama kurir belum datang.</p>
          <ParcelDestination depositId={target.depositId} />
          <DateField label="Tanggal penjemputan" name="pickupDate" defaultValue={target.today} min={target.today} required />
          <TextField label="Jam penjemputan" name="pickupTime" type="time" step={60} defaultValue="10:00" required hint="Format 24 jam, contoh 14:00." />
          <TextAreaField label="Alamat penjemputan (opsional)" name="address" rows={2} maxLength={300} hint="Kosongkan untuk memakai alamat bank." />
        </>
      );
    case 'recordResi':
      return (
        <>
          <p>Bilyet dikirim dengan kurir yang dipesan sendiri: catat kurir dan nomor resinya. Setelah dicatat bilyet Dalam pengiriman.</p>
          <TextField label="Kurir" name="courier" list={`${id}-couriers`} maxLength={50} required autoComplete="off" />
          <datalist id={`${id}-couriers`}>
            {COURIERS.map((courier) => (
              <option key={courier} value={courier} />
            ))}
          </datalist>
          <TextField label="Nomor resi" name="awb" maxLength={40} required autoComplete="off" />
        </>
      );
    case 'handOver':
    case 'receive':
      return (
        <>
          <p>
            {kind === 'handOver'
              ? 'Bilyet diserahkan langsung di kantor kepada nasabah atau kuasanya, tanpa kurir.'
              : 'Nasabah sudah menerima bilyet yang dikirim. Catat tanggal dan nama penerimanya.'}
          </p>
          <DateField label={kind === 'handOver' ? 'Tanggal diserahkan' : 'Tanggal diterima'} name="receivedAt" defaultValue={target.today} max={target.today} required />
          <TextField label="Nama penerima" name="receivedBy" maxLength={100} required autoComplete="off" />
          <FileField label="Tanda terima (opsional)" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} />
        </>
      );
    case 'return':
      return (
        <>
          <p>Nasabah mengembalikan bilyet asli untuk pencairan. Pencairan baru dapat dicatat dibayar setelah bilyet kembali.</p>
          <DateField label="Tanggal dikembalikan" name="returnedAt" defaultValue={target.today} max={target.today} required />
          <FileField label="Bukti pengembalian (opsional)" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} />
        </>
      );
    case 'reportLost':
      return (
        <>
          <p>Bilyet dicatat hilang dan tidak berlaku lagi; verifikasinya menjawab "hilang". Bilyet pengganti dapat diterbitkan dengan nomor baru.</p>
          <TextAreaField label="Alasan kehilangan" name="reason" rows={3} maxLength={500} required />
          <FileField label="Surat keterangan kehilangan atau laporan polisi" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} required />
        </>
      );
    case 'unship':
      return <p>Bilyet tidak sampai ke nasabah dan sudah ada lagi di bank (pengiriman gagal atau resi salah). Setelah dicatat, bilyet dapat dikirim ulang atau diserahkan di kantor.</p>;
  }
}
