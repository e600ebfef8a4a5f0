import { useState } from 'react';
import { DOCUMENT_MAX_BYTES, documentTypeLabels, type DocumentType } from '@contract/documents';
import type { DocumentAnswer } from '../lib/documents-api';
import { errorMessage } from '../lib/error-message';
import { Dialog } from './Dialog';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from './FileField';

/**
 * "Unggah dokumen": a document of a deposit (placement form, KTP, power of attorney…) or of a
 * customer (KTP, NPWP, deed). Only the types staff may upload by hand are offered
 * (contract/documents.ts): the bilyet's files go through its own steps, and ARO letters or signed
 * copies are made by Berjangka. A refusal stays in the dialog, which stays open.
 */
export function UploadDocumentDialog<T extends DocumentType>({
  title,
  types,
  upload,
  onClose,
  onDone,
}: {
  title: string;
  types: readonly T[];
  upload: (type: T, file: File) => Promise<DocumentAnswer>;
  onClose: () => void;
  onDone: (document: DocumentAnswer) => void;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const isOffered = (value: string): value is T => (types as readonly string[]).includes(value);

  const submit = async (form: HTMLFormElement) => {
    const type = String(new FormData(form).get('type') ?? '');
    const file = chosenFile(form, 'file');
    const found = !isOffered(type) ? 'Pilih jenis dokumen.' : !file ? 'Pilih berkas dokumen.' : file.size > DOCUMENT_MAX_BYTES ? 'Berkas paling besar 5 MB.' : null;
    setProblem(found);
    if (found || !file || !isOffered(type)) return;
    setPending(true);
    try {
      const document = await upload(type, file);
      onDone(document);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={title} open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Unggah" pending={pending}>
      <label className="bj-field">
        <span className="bj-field__label">Jenis dokumen</span>
        <select className="bj-field__input" name="type" defaultValue={types[0]}>
          {types.map((type) => (
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
