import { useState } from 'react';
import { useAppActors } from '../../../app/actors-context';
import { Dialog } from '../../../components/Dialog';
import { documentsApi, type DocumentAnswer, type SignatureSent } from '../../../lib/documents-api';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/error-message';
import type { IdempotentSend } from '../../../lib/idempotency';
import { SigningLink } from './SigningLink';

/** Privy signs PDFs: the documents of the deposit that can be sent. */
export const signableDocuments = (documents: readonly DocumentAnswer[]) => documents.filter((document) => document.contentType === 'application/pdf');

/**
 * "Kirim untuk tanda tangan": picks a PDF of the deposit, sends it through Privy, then shows the
 * signing link to hand the customer (copy, or open it on the counter's screen).
 */
export function SendForSignatureDialog({
  depositId,
  depositNumber,
  documents,
  send,
  onClose,
  onSent,
}: {
  depositId: string;
  depositNumber: string;
  documents: readonly DocumentAnswer[];
  send: IdempotentSend;
  onClose: () => void;
  onSent: (sent: SignatureSent) => void;
}) {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<SignatureSent | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pdfs = signableDocuments(documents);

  const submit = async (form: HTMLFormElement) => {
    const documentId = String(new FormData(form).get('documentId') ?? '');
    if (!documentId) return;
    setPending(true);
    setRefusal(null);
    try {
      const input = { depositId, documentId };
      const answer = await send(input, (key) => documentsApi.sendForSignature(input, key));
      app.notify({ type: 'success', title: 'Dokumen dikirim untuk ditandatangani.' });
      setSent(answer);
      onSent(answer);
    } catch (error) {
      app.showError(error);
      setRefusal(errorMessage(error));
    } finally {
      setPending(false);
    }
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
      pending={pending}
    >
      {pdfs.length === 0 ? (
        <p>Belum ada dokumen PDF pada deposito ini. Unggah formulir pembukaan (PDF) di tab Dokumen lebih dahulu.</p>
      ) : (
        <>
          <p>Nasabah menerima dokumen ini untuk ditandatangani secara elektronik melalui Privy.</p>
          <label className="bj-field">
            <span className="bj-field__label">Dokumen</span>
            <select className="bj-field__input" name="documentId" defaultValue={pdfs[0]?.id}>
              {pdfs.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.typeLabel} · {document.fileName} · {formatDate(document.uploadedAt)}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {refusal ? (
        <p className="bj-field__problem" role="alert">
          {refusal}
        </p>
      ) : null}
    </Dialog>
  );
}
