import { useState } from 'react';
import { uploadableDocumentTypes } from '@contract/documents';
import { useAppActors } from '../../../app/actors-context';
import { EmptyState, ErrorState, LoadingState } from '../../../components/DataState';
import { UploadDocumentDialog } from '../../../components/UploadDocumentDialog';
import type { DepositDetail } from '../../../lib/deposit-api';
import { downloadDocument } from '../../../lib/download';
import { documentsApi, type DocumentAnswer } from '../../../lib/documents-api';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import type { Submission } from '../../../app/use-submit';
import { useDepositDocuments } from './use-deposit-documents';
import type { BilyetStepKind } from './bilyet-steps';
import { BilyetPanel } from './BilyetPanel';
import { BusyButton } from '../../../components/BusyButton';

function DocumentTable({ documents }: { documents: readonly DocumentAnswer[] }) {
  return (
    <div className="bj-table-wrap">
      <table className="bj-table">
        <caption className="bj-visually-hidden">Dokumen deposito</caption>
        <thead>
          <tr>
            <th scope="col">Jenis</th>
            <th scope="col">Berkas</th>
            <th scope="col" className="bj-num">
              Ukuran
            </th>
            <th scope="col">Diunggah</th>
            <th scope="col">Aksi</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id}>
              <td className="bj-wrap">{document.typeLabel}</td>
              <td className="bj-wrap">{document.fileName}</td>
              <td className="bj-num">{formatFileSize(document.size)}</td>
              <td className="bj-wrap">
                <span className="bj-lines">
                  <span>{formatDateTime(document.uploadedAt)}</span>
                  <span className="bj-lines__quiet">{document.uploadedBy.name}</span>
                </span>
              </td>
              <td>
                <BusyButton label="Unduh" busyLabel="Mengunduh…" run={() => downloadDocument(document)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The detail's "Dokumen" tab: the bilyet with its allowed steps, then every document of the deposit and an upload. */
export function DocumentsTab({ deposit, submission, onStep }: { deposit: DepositDetail; submission: Submission; onStep: (kind: BilyetStepKind) => void }) {
  const app = useAppActors();
  const documents = useDepositDocuments(deposit);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <BilyetPanel deposit={deposit} onStep={onStep} />
      <section aria-labelledby="documents-title">
        <div className="bj-toolbar">
          <h2 id="documents-title" className="bj-card__title">
            Dokumen deposito
          </h2>
          <button type="button" className="bj-button bj-button--primary" onClick={() => setUploading(true)}>
            Unggah dokumen
          </button>
        </div>
        {documents.status === 'error' ? (
          <ErrorState title="Dokumen tidak dapat dimuat." error={documents.error} onRetry={documents.reload} />
        ) : !documents.data ? (
          <LoadingState />
        ) : documents.data.length === 0 ? (
          <EmptyState title="Belum ada dokumen.">Unggah formulir pembukaan, KTP atau surat kuasa nasabah.</EmptyState>
        ) : (
          <DocumentTable documents={documents.data} />
        )}
      </section>
      {uploading ? (
        <UploadDocumentDialog
          title={`Unggah dokumen · ${deposit.depositNumber}`}
          types={uploadableDocumentTypes}
          submission={submission}
          upload={(type, file) => {
            const input = { depositId: deposit.id, type, file };
            return submission.submit(input, (key) => documentsApi.uploadDocument(input, key));
          }}
          onClose={() => setUploading(false)}
          onDone={(document) => {
            app.notify({ type: 'success', title: 'Dokumen diunggah.', desc: `${document.typeLabel}: ${document.fileName}` });
          }}
        />
      ) : null}
    </>
  );
}
