import { useState } from 'react';
import type { BilyetStatus } from '@contract/deposit';
import { useSubmit } from '../../../app/use-submit';
import { Dialog } from '../../../components/Dialog';
import { ErrorState, LoadingState } from '../../../components/DataState';
import { TextField } from '../../../components/TextField';
import { openPdf } from '../../../lib/download';
import { PRINT_PATHS } from '../../../lib/documents-api';
import { productSettingsApi, productSettingsKey } from '../../../lib/product-settings-api';
import { useServerData } from '../../../lib/server-data';
import { useDepositDetail } from '../use-deposit-queries';

/** What the dialog must know of the deposit's bilyet: read from its detail when the dialog opens. */
interface PrintTarget {
  status: BilyetStatus;
  number: string | null;
  printedNumber: string | null;
}

/** A print makes a new paper for a first issue, or for a reissue after a loss; otherwise the bilyet in force is printed again. */
const printsNewPaper = (status: BilyetStatus) => status === 'none' || status === 'lost';

const PRINT_QR_NOTE = 'Setelah dicetak, kode QR bilyet langsung dapat diperiksa di halaman verifikasi dengan keterangan “dicetak, menunggu penerbitan” sampai pindaian bilyet yang ditandatangani diunggah.';

/**
 * "Cetak bilyet": the number the paper carries is settled before it is printed — typed from the
 * bank's pre-numbered blank, or the next of the bank's series (Pengaturan Produk decides) — and
 * the server's refusal (a number already used) is shown in the dialog, not behind it. The
 * print's success has the deposit (its printed number) read again wherever it is shown.
 */
function PrintBilyetDialog({ depositId, depositNumber, onClose }: { depositId: string; depositNumber: string; onClose: () => void }) {
  // As they are when the dialog opens: the deposit's detail (the detail screen's own, when it has it fresh) and the bank's numbering.
  const detail = useDepositDetail(depositId);
  const settings = useServerData(productSettingsKey, (signal) => productSettingsApi.get(signal));
  const printing = useSubmit();
  const ready =
    detail.status === 'ready' && settings.status === 'ready'
      ? { bilyet: { status: detail.data.bilyet.status, number: detail.data.bilyet.number, printedNumber: detail.data.bilyet.printedNumber } satisfies PrintTarget, numbering: settings.data.bilyetNumbering }
      : null;
  const failed = detail.status === 'error' ? detail : settings.status === 'error' ? settings : null;
  const typesNumber = ready !== null && printsNewPaper(ready.bilyet.status) && ready.numbering.source === 'FORM';

  const submit = async (form: HTMLFormElement) => {
    if (!ready) return;
    const typed = typesNumber ? String(new FormData(form).get('bilyetNumber') ?? '').trim() : '';
    if (typesNumber && typed === '') {
      return printing.invalid({ fieldProblems: { bilyetNumber: ['Nomor bilyet wajib diisi: ketik nomor yang tercetak pada formulir bilyet bank.'] } });
    }
    const query = { depositId, ...(typed ? { bilyetNumber: typed } : {}) };
    // The print settles the number: it goes through the submission like a save (the PDF's GET carries no key).
    const done = await printing.submit(query, () => openPdf(PRINT_PATHS.bilyet, query, `bilyet-${depositNumber}.pdf`));
    if (!done.ok) return;
    onClose();
  };

  return (
    <Dialog title={`Cetak bilyet · ${depositNumber}`} open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Cetak" submission={printing} confirmDisabled={!ready}>
      {failed ? (
        <ErrorState title="Data bilyet tidak dapat dimuat." error={failed.error} onRetry={failed.reload} />
      ) : !ready ? (
        <LoadingState label="Memuat data bilyet…" />
      ) : (
        <PrintFields bilyet={ready.bilyet} numbering={ready.numbering} />
      )}
    </Dialog>
  );
}

function PrintFields({ bilyet, numbering }: { bilyet: PrintTarget; numbering: { source: 'FORM' | 'SERIES'; nextPreview: string } }) {
  if (!printsNewPaper(bilyet.status)) {
    return (
      <>
        <p>
          Bilyet ini sudah diterbitkan dengan nomor <strong>{bilyet.number}</strong>; cetak ulang memakai nomor dan kode QR yang sama.
        </p>
      </>
    );
  }
  const lead = bilyet.status === 'lost' ? 'Bilyet pengganti untuk bilyet yang hilang: bernomor baru dan berkode QR baru.' : null;
  if (numbering.source === 'FORM') {
    return (
      <>
        {lead ? <p>{lead}</p> : null}
        <TextField
          label="Nomor bilyet pada formulir"
          name="bilyetNumber"
          maxLength={50}
          required
          // The dialog opens while the bilyet's data loads, so the native first focus lands on
          // "Batal"; the number staff type next takes it when it appears.
          autoFocus
          autoComplete="off"
          defaultValue={bilyet.printedNumber ?? ''}
          hint={
            bilyet.printedNumber
              ? `Sudah dicetak dengan nomor ${bilyet.printedNumber}. Nomor lain mengganti cetakan itu: kode QR cetakan lama tidak berlaku lagi.`
              : 'Ketik nomor yang tercetak pada formulir bilyet bank yang dimasukkan ke printer.'
          }
        />
        <p className="bj-field__hint">{PRINT_QR_NOTE}</p>
      </>
    );
  }
  return (
    <>
      {lead ? <p>{lead}</p> : null}
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Nomor bilyet</dt>
          <dd>
            <strong>{bilyet.printedNumber ?? numbering.nextPreview}</strong>
          </dd>
        </div>
      </dl>
      <p className="bj-field__hint">
        {bilyet.printedNumber
          ? 'Sudah dicetak dengan nomor ini; cetak ulang memakai nomor dan kode QR yang sama.'
          : 'Nomor berikutnya dari seri nomor bilyet bank; nomor pastinya diberikan saat dicetak.'}{' '}
        {PRINT_QR_NOTE}
      </p>
    </>
  );
}

/** The "Cetak bilyet" button with its dialog, for the detail's bilyet panel and Proses Dokumen's rows. */
export function PrintBilyetButton({ depositId, depositNumber }: { depositId: string; depositNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="bj-button bj-button--secondary" onClick={() => setOpen(true)}>
        Cetak bilyet
      </button>
      {open ? <PrintBilyetDialog depositId={depositId} depositNumber={depositNumber} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
