import { useState } from 'react';
import type { SignatureStatus } from '@contract/deposit';
import { EmptyState, ErrorState, LoadingState } from '../../../components/DataState';
import { StatusBadge, type BadgeTone } from '../../../components/StatusBadge';
import type { DepositDetail } from '../../../lib/deposit-api';
import { downloadDocument } from '../../../lib/download';
import { documentsApi, type SignatureRequestAnswer } from '../../../lib/documents-api';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { Submission } from '../../../app/use-submit';
import { useServerData } from '../../../lib/server-data';
import { BusyButton } from '../../../components/BusyButton';
import { useDepositDocuments } from './use-deposit-documents';
import { SendForSignatureDialog } from './SendForSignatureDialog';
import { SigningLink } from './SigningLink';

const signatureTones: Record<SignatureStatus, BadgeTone> = { sent: 'warning', signed: 'success', declined: 'danger', expired: 'neutral' };

function SignatureTable({ requests }: { requests: readonly SignatureRequestAnswer[] }) {
  return (
    <div className="bj-table-wrap">
      <table className="bj-table">
        <caption className="bj-visually-hidden">Permintaan tanda tangan</caption>
        <thead>
          <tr>
            <th scope="col">Dokumen</th>
            <th scope="col">Penanda tangan</th>
            <th scope="col">Status</th>
            <th scope="col">Dikirim / berlaku sampai</th>
            <th scope="col">Selesai</th>
            <th scope="col">Aksi</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.id}>
              <td className="bj-wrap">
                <span className="bj-lines">
                  <span>{request.document?.typeLabel ?? '-'}</span>
                  {request.document ? <span className="bj-lines__quiet">{request.document.fileName}</span> : null}
                </span>
              </td>
              <td className="bj-wrap">
                <span className="bj-lines">
                  <span>{request.signerName}</span>
                  {request.signerEmail ? <span className="bj-lines__quiet">{request.signerEmail}</span> : null}
                </span>
              </td>
              <td>
                <StatusBadge label={request.statusLabel} tone={signatureTones[request.status]} />
              </td>
              <td>
                <span className="bj-lines">
                  <span>{formatDate(request.sentOn)}</span>
                  <span className="bj-lines__quiet">s.d. {formatDate(request.validUntil)}</span>
                </span>
              </td>
              <td>{request.completedAt ? formatDateTime(request.completedAt) : '-'}</td>
              <td className="bj-wrap">
                {request.signingUrl ? <SigningLink url={request.signingUrl} compact /> : null}
                {request.signedDocument ? (
                  <span className="bj-row-actions">
                    {/* The signed copy: the original with Privy's signature page. */}
                    <BusyButton label="Unduh salinan" busyLabel="Mengunduh…" run={() => downloadDocument(request.signedDocument!)} />
                  </span>
                ) : null}
                {!request.signingUrl && !request.signedDocument ? <span className="bj-muted">-</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The detail's "Tanda Tangan" tab: the deposit's signature requests and sending a PDF of it for signing. */
export function SignaturesTab({ deposit, submission }: { deposit: DepositDetail; submission: Submission }) {
  const signatures = useServerData(['documents', 'signatures', deposit.id], (signal) => documentsApi.signaturesOf(deposit.id, signal));
  const documents = useDepositDocuments(deposit);
  const [sending, setSending] = useState(false);
  return (
    <section aria-labelledby="signatures-title">
      <div className="bj-toolbar">
        <h2 id="signatures-title" className="bj-card__title">
          Permintaan tanda tangan
        </h2>
        <button type="button" className="bj-button bj-button--primary" disabled={!documents.data} onClick={() => setSending(true)}>
          Kirim untuk tanda tangan
        </button>
      </div>
      {signatures.status === 'error' ? (
        <ErrorState title="Permintaan tanda tangan tidak dapat dimuat." error={signatures.error} onRetry={signatures.reload} />
      ) : !signatures.data ? (
        <LoadingState />
      ) : signatures.data.length === 0 ? (
        <EmptyState title="Belum ada dokumen yang dikirim untuk ditandatangani." />
      ) : (
        <SignatureTable requests={signatures.data} />
      )}
      {sending && documents.data ? (
        <SendForSignatureDialog
          depositId={deposit.id}
          depositNumber={deposit.depositNumber}
          documents={documents.data}
          submission={submission}
          onClose={() => setSending(false)}
        />
      ) : null}
    </section>
  );
}
