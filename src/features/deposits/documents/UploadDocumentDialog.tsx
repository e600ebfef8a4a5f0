import { useState } from 'react';
import { DOCUMENT_MAX_BYTES, documentTypeLabels, uploadableDocumentTypes } from '@contract/documents';
import { useAppActors } from '../../../app/actors-context';
import { Dialog } from '../../../components/Dialog';
import { chosenFile, FileField } from '../../../components/FileField';
import { documentsApi, type DocumentAnswer, type UploadableDocumentType } from '../../../lib/documents-api';
import { errorMessage } from '../../../lib/error-message';
import type { IdempotentSend } from '../../../lib/idempotency';
import { FILE_ACCEPT, FILE_HINT } from './BilyetStepDialog';

const isUploadable = (value: string): value is UploadableDocumentType => (uploadableDocumentTypes as readonly string[]).includes(value);

/**
 * "Unggah dokumen": a document of the deposit (placement form, KTP, power of attorney…). Only the
 * types staff may upload by hand are offered (contract/documents.ts): the bilyet's files go
 * through its own steps, and ARO letters or signed copies are made by Berjangka.
 */
export function UploadDocumentDialog({ depositId, depositNumber, send, onClose, onDone }: { depositId: string; depositNumber: string; send: IdempotentSend; onClose: () => void; onDone: (document: DocumentAnswer) => void }) {
  const app = useAppActors();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (form: HTMLFormElement) => {
    const type = String(new FormData(form).get('type') ?? '');
    const file = chosenFile(form, 'file');
    const found = !isUploadable(type) ? 'Pilih jenis dokumen.' : !file ? 'Pilih berkas dokumen.' : file.size > DOCUMENT_MAX_BYTES ? 'Berkas paling besar 5 MB.' : null;
    setProblem(found);
    if (found || !file || !isUploadable(type)) return;
    setPending(true);
    try {
      const input = { depositId, type, file };
      const document = await send(input, (key) => documentsApi.uploadDocument(input, key));
      app.notify({ type: 'success', title: 'Dokumen diunggah.', desc: `${document.typeLabel}: ${document.fileName}` });
      onDone(document);
      onClose();
    } catch (error) {
      app.showError(error);
      // Also in the dialog, which stays open: the toast sits behind the modal's backdrop.
      setProblem(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={`Unggah dokumen · ${depositNumber}`} open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Unggah" pending={pending}>
      <label className="bj-field">
        <span className="bj-field__label">Jenis dokumen</span>
        <select className="bj-field__input" name="type" defaultValue={uploadableDocumentTypes[0]}>
          {uploadableDocumentTypes.map((type) => (
            <option key={type} value={type}>
              {documentTypeLabels[type]}
            </option>
          ))}
        </select>
      </label>
      <FileField label="Berkas" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} required />
      {problem ? (
        <p className="bj-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
