import { DOCUMENT_MAX_BYTES, documentTypeLabels, type DocumentType } from '@contract/documents';
import type { Submission, SubmitOutcome } from '../app/use-submit';
import type { DocumentAnswer } from '../lib/documents-api';
import { Dialog } from './Dialog';
import { chosenFile, FILE_ACCEPT, FILE_HINT, FileField } from './FileField';
import { SelectField } from './SelectField';

/**
 * "Unggah dokumen": a document of a deposit (placement form, KTP, power of attorney…) or of a
 * customer (KTP, NPWP, deed). Only the types staff may upload by hand are offered
 * (contract/documents.ts): the bilyet's files go through its own steps, and ARO letters or signed
 * copies are made by Berjangka. A refusal stays in the dialog, which stays open.
 */
export function UploadDocumentDialog<T extends DocumentType>({
  title,
  types,
  submission,
  upload,
  onClose,
  onDone,
}: {
  title: string;
  types: readonly T[];
  /** The screen's, so an upload retried after no answer keeps its key even if the dialog was reopened. */
  submission: Submission;
  /** Sends the file through `submission`. */
  upload: (type: T, file: File) => Promise<SubmitOutcome<DocumentAnswer>>;
  onClose: () => void;
  onDone: (document: DocumentAnswer) => void;
}) {
  const isOffered = (value: string): value is T => (types as readonly string[]).includes(value);

  const submit = async (form: HTMLFormElement) => {
    const type = String(new FormData(form).get('type') ?? '');
    const file = chosenFile(form, 'file');
    const fileProblem = !file ? 'Pilih berkas dokumen.' : file.size > DOCUMENT_MAX_BYTES ? 'Berkas paling besar 5 MB.' : null;
    if (!isOffered(type) || !file || fileProblem) {
      return submission.invalid({ fieldProblems: { type: isOffered(type) ? [] : ['Pilih jenis dokumen.'], file: fileProblem ? [fileProblem] : [] } });
    }
    const done = await upload(type, file);
    if (!done.ok) return;
    onDone(done.answer);
    onClose();
  };

  return (
    <Dialog title={title} open onClose={onClose} onSubmit={(form) => void submit(form)} confirmLabel="Unggah" submission={submission}>
      <SelectField label="Jenis dokumen" name="type" defaultValue={types[0]} options={types.map((type) => ({ value: type, label: documentTypeLabels[type] }))} />
      <FileField label="Berkas" name="file" accept={FILE_ACCEPT} hint={FILE_HINT} required />
    </Dialog>
  );
}
