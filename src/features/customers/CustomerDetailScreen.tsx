import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { customerDocumentTypes } from '@contract/documents';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { UploadDocumentDialog } from '../../components/UploadDocumentDialog';
import { documentsApi } from '../../lib/documents-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/DataState';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { HeldBadge } from '../../components/HeldBadge';
import { ChangeSummary } from '../../components/ChangeSummary';
import { genderLabels, legalFormLabels, riskLevelLabels } from '@contract/customers';
import { nationalPhone } from '@machines/customer-rules/contact';
import { customersApi, type AroLetter, type CustomerDetail } from '../../lib/customers-api';
import { downloadDocument } from '../../lib/download';
import { formatDate, formatDateTime, formatRate, formatRupiah } from '../../lib/format';
import { useServerData } from '../../lib/server-data';
import '../../styles/lists.css';

function Identity({ customer }: { customer: CustomerDetail }) {
  const entity = customer.type === 'ENTITY';
  const birth = [customer.birthPlace, customer.birthDate ? formatDate(customer.birthDate) : null].filter(Boolean).join(', ');
  const street = [customer.address, customer.rtRw ? `RT/RW ${customer.rtRw}` : null, customer.zipCode].filter(Boolean).join(', ');
  const facts: Array<[string, string | null]> = [
    ['Jenis', entity ? `Badan · ${customer.legalForm ? legalFormLabels[customer.legalForm] : '-'}` : 'Perorangan'],
    entity ? ['NIB', customer.nib] : ['NIK', customer.nik],
    ['NPWP', customer.npwp ?? '-'],
    entity ? ['Tanggal pendirian', customer.establishedOn ? formatDate(customer.establishedOn) : null] : ['Tempat, tanggal lahir', birth || null],
    ['Jenis kelamin', customer.gender ? genderLabels[customer.gender] : null],
    ['Nama ibu kandung', customer.motherMaidenName],
    ['Pekerjaan', customer.occupation],
    ['Sumber dana', customer.sourceOfFunds],
    ['Tujuan pembukaan rekening', customer.accountPurpose],
    ['Telepon', customer.phone ? nationalPhone(customer.phone) : '-'],
    ['Email', customer.email ?? '-'],
    ['Alamat', street || '-'],
    ['Rekening pencairan', customer.payoutAccount ? `${customer.payoutAccount.bankName} ${customer.payoutAccount.accountNumber} a.n. ${customer.payoutAccount.accountName}` : '-'],
    ['Tingkat risiko', riskLevelLabels[customer.riskLevel]],
    ...customer.representatives.map((person, index): [string, string] => [`Perwakilan ${index + 1}`, `${person.name}, ${person.position} (NIK ${person.nik})`]),
  ];
  // A customer kept before the CIF fields has no birth data and the like: those rows are left out.
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  return (
    <section className="bj-card" aria-label="Identitas nasabah">
      <h2 className="bj-card__title">Identitas</h2>
      <dl className="bj-facts">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Changes of this customer waiting for a supervisor: staff see them before they change the same data again. */
function PendingChanges({ customer }: { customer: CustomerDetail }) {
  if (customer.changeRequests.length === 0) return null;
  return (
    <section className="bj-card" aria-label="Perubahan menunggu persetujuan">
      <h2 className="bj-card__title">Perubahan menunggu persetujuan</h2>
      <ul className="bj-plain-list">
        {customer.changeRequests.map((request) => (
          <li key={request.id}>
            <strong>{request.kindLabel}</strong>
            {request.depositNumber ? ` · deposito ${request.depositNumber}` : ''} · diajukan {formatDate(request.createdAt)} oleh {request.requestedBy?.name ?? 'nasabah melalui platform'}
            <div>
              <ChangeSummary request={request} />
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/deposito/perubahan">Buka Permintaan Perubahan</Link>
      </p>
    </section>
  );
}

function Exposure({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="bj-card" aria-label="Penjaminan LPS">
      <h2 className="bj-card__title">Penjaminan LPS</h2>
      <dl className="bj-facts">
        <div>
          <dt>Pokok dipegang bank</dt>
          <dd>{formatRupiah(customer.totalActivePrincipal)}</dd>
        </div>
        <div>
          <dt>Dijamin LPS</dt>
          <dd>{formatRupiah(customer.guaranteedAmount)}</dd>
        </div>
        <div>
          <dt>Tidak dijamin LPS</dt>
          <dd>{customer.unguaranteedAmount > 0 ? <StatusBadge label={formatRupiah(customer.unguaranteedAmount)} tone="danger" /> : formatRupiah(0)}</dd>
        </div>
      </dl>
      <p className="bj-muted">Deposito dengan suku bunga di atas tingkat bunga penjaminan tidak dijamin; sisanya dijamin sampai batas per nasabah per bank.</p>
    </section>
  );
}

function Deposits({ customer }: { customer: CustomerDetail }) {
  if (customer.deposits.length === 0) return <EmptyState title="Nasabah ini belum memiliki deposito." />;
  return (
    <div className="bj-table-wrap">
      <table className="bj-table">
        <caption className="bj-visually-hidden">Deposito nasabah</caption>
        <thead>
          <tr>
            <th scope="col">Deposito</th>
            <th scope="col">Produk</th>
            <th scope="col" className="bj-num">Nominal</th>
            <th scope="col" className="bj-num">Bunga</th>
            <th scope="col">Jatuh tempo</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {customer.deposits.map((deposit) => (
            <tr key={deposit.id}>
              <td>
                <Link to={`/deposito/${encodeURIComponent(deposit.id)}`}>{deposit.depositNumber}</Link>
              </td>
              <td className="bj-wrap">{deposit.product.name}</td>
              <td className="bj-num">{formatRupiah(deposit.amount)}</td>
              <td className="bj-num">{formatRate(deposit.rateBps)}</td>
              <td>{formatDate(deposit.maturityDate)}</td>
              <td>
                <StatusBadge label={deposit.statusLabel} tone="neutral" />
                {deposit.held ? <HeldBadge /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Documents({ customer, letters }: { customer: CustomerDetail; letters: AroLetter[] | null }) {
  const aro = (letters ?? []).filter((letter) => letter.document !== null);
  const rows = [...customer.documents.map((document) => ({ key: document.id, label: document.typeLabel, name: document.fileName, at: document.uploadedAt, document })), ...aro.map((letter) => ({ key: `aro-${letter.depositId}-${letter.periodNumber}`, label: `Surat ARO ${letter.depositNumber} periode ${letter.periodNumber}`, name: letter.document!.fileName, at: letter.document!.uploadedAt, document: letter.document! }))];
  const unique = rows.filter((row, index) => rows.findIndex((other) => other.document.id === row.document.id) === index);
  if (unique.length === 0) return <EmptyState title="Belum ada dokumen nasabah." />;
  return (
    <div className="bj-table-wrap">
      <table className="bj-table">
        <caption className="bj-visually-hidden">Dokumen nasabah</caption>
        <thead>
          <tr>
            <th scope="col">Jenis</th>
            <th scope="col">Berkas</th>
            <th scope="col">Diunggah</th>
            <th scope="col">Aksi</th>
          </tr>
        </thead>
        <tbody>
          {unique.map((row) => (
            <tr key={row.key}>
              <td className="bj-wrap">{row.label}</td>
              <td className="bj-wrap">{row.name}</td>
              <td>{formatDateTime(row.at)}</td>
              <td>
                <button type="button" className="bj-button bj-button--secondary" onClick={() => void downloadDocument(row.document)}>
                  Unduh
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /nasabah/:id: one customer — identity, LPS exposure, every deposit, documents and ARO letters. */
export default function CustomerDetailScreen() {
  const { id = '' } = useParams();
  const app = useAppActors();
  const [uploading, setUploading] = useState(false);
  const upload = useSubmit();
  const customer = useServerData(['customers', 'detail', id], (signal) => customersApi.detail(id, signal));
  const letters = useServerData(['customers', 'aro-letters', id], (signal) => customersApi.aroLetters(id, signal));
  return (
    <div className="bj-page">
      <PageHeading title={customer.data ? customer.data.name : 'Nasabah'} />
      <p>
        <Link to="/nasabah">Daftar Nasabah</Link> · <Link to={`/nasabah/${encodeURIComponent(id)}/ubah`}>Ubah data nasabah</Link> ·{' '}
        <Link to={`/deposito/baru?customerId=${encodeURIComponent(id)}`}>Penempatan baru untuk nasabah ini</Link>
      </p>
      {customer.status === 'error' ? (
        <ErrorState title="Nasabah tidak dapat dimuat." error={customer.error} onRetry={customer.reload} />
      ) : !customer.data ? (
        <LoadingState />
      ) : (
        <div className="bj-stack">
          <Identity customer={customer.data} />
          <PendingChanges customer={customer.data} />
          <Exposure customer={customer.data} />
          <section aria-label="Deposito">
            <h2 className="bj-card__title">Deposito</h2>
            <Deposits customer={customer.data} />
          </section>
          <section aria-label="Dokumen dan surat ARO">
            <div className="bj-toolbar">
              <h2 className="bj-card__title">Dokumen dan surat ARO</h2>
              <button type="button" className="bj-button bj-button--primary" onClick={() => setUploading(true)}>
                Unggah dokumen
              </button>
            </div>
            <Documents customer={customer.data} letters={letters.data} />
          </section>
          {uploading ? (
            <UploadDocumentDialog
              title={`Unggah dokumen · ${customer.data.name}`}
              types={customerDocumentTypes}
              submission={upload}
              upload={(type, file) => {
                const input = { customerId: id, type, file };
                return upload.submit(input, (key) => documentsApi.uploadDocument(input, key));
              }}
              onClose={() => setUploading(false)}
              onDone={(document) => app.notify({ type: 'success', title: 'Dokumen diunggah.', desc: `${document.typeLabel}: ${document.fileName}` })}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
