import { useState } from 'react';
import { useAppActors } from '../../../app/actors-context';
import type { Submission } from '../../../app/use-submit';
import { Dialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/SelectField';
import { documentsApi, type DocumentAnswer, type SignatureSent } from '../../../lib/documents-api';
import { formatDate } from '../../../lib/format';
import { SigningLink } from './SigningLink';

/** Privy signs PDFs: the documents of the deposit that can be sent. */
const signableDocuments = (documents: readonly DocumentAnswer[]) => documents.filter((document) => document.contentType === 'application/pdf');

/**
 * "Kirim untuk tanda tangan": picks a PDF of the deposit, sends it through Privy, then shows the
 * signing link to hand the customer (copy, or open it on the counter's screen).
 */
export function SendForSignatureDialog({
  depositId,
  depositNumber,
  documents,
  submission,
  onClose,
}: {
  depositId: string;
  depositNumber: string;
  documents: readonly DocumentAnswer[];
  /** The screen's, so a request retried after no answer keeps its key even if the dialog was reopened; its success has the signatures read again. */
  submission: Submission;
  onClose: () => void;
}) {
  const app = useAppActors();
  const [sent, setSent] = useState<SignatureSent | null>(null);
  const pdfs = signableDocuments(documents);

  const submit = async (form: HTMLFormElement) => {
    const documentId = String(new FormData(form).get('documentId') ?? '');
    if (!documentId) return submission.invalid({ fieldProblems: { documentId: ['Pilih dokumen.'] } });
    const input = { depositId, documentId };
    const done = await submission.submit(input, (key) => documentsApi.sendForSignature(input, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: 'Dokumen dikirim untuk ditandatangani.' });
    setSent(done.answer);
  };

  if (sent) {
    return (
      <Dialog title={`Tautan tanda tangan · ${depositNumber}`} open onClose={onClose} closeLabel="Selesai">
        <p>Berikan tautan ini kepada nasabah untuk menandatangani dokumen melalui Privy.</p>
        <SigningLink url={sent.signingUrl} />
      </Dialog>
    );
  }
  return (
    <Dialog
      title={`Kirim untuk tanda tangan · ${depositNumber}`}
      open
      onClose={onClose}
      onSubmit={pdfs.length > 0 ? (form) => void submit(form) : undefined}
      confirmLabel="Kirim"
      submission={submission}
    >
      {pdfs.length === 0 ? (
        <p>Belum ada dokumen PDF pada deposito ini. Unggah formulir pembukaan (PDF) di tab Dokumen lebih dahulu.</p>
      ) : (
        <>
          <p>Nasabah menerima dokumen ini untuk ditandatangani secara elektronik melalui Privy.</p>
          <SelectField
            label="Dokumen"
            name="documentId"
            defaultValue={pdfs[0]?.id}
            options={pdfs.map((document) => ({ value: document.id, label: `${document.typeLabel} · ${document.fileName} · ${formatDate(document.uploadedAt)}` }))}
          />
        </>
      )}
    </Dialog>
  );
}
