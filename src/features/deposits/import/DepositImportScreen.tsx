import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppActors } from '../../../app/actors-context';
import { useSubmit } from '../../../app/use-submit';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { DateField } from '../../../components/DateField';
import { DownloadButton } from '../../../components/DownloadButton';
import { FileField } from '../../../components/FileField';
import { SubmitForm } from '../../../components/Form';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import {
  DEPOSIT_IMPORT_TEMPLATE_PATH,
  depositImportApi,
  resultOfFailure,
  type DepositImportResult,
  type DepositImportSummary,
  type UploadProgress,
} from '../../../lib/deposit-import-api';
import { formatDate, formatDateTime, formatFileSize, formatRupiah, jakartaToday } from '../../../lib/format';
import { useServerData } from '../../../lib/server-data';
import { mayAct } from '@machines/deposit-rules';
import '../../../styles/lists.css';
import '../../../styles/customer-form.css';

/** What the progress line says while a book goes up and is read. */
export function progressText(progress: UploadProgress, fileSize: number): string {
  if (progress.phase === 'check') return 'Berkas terkirim. Server memeriksa setiap baris…';
  const total = progress.total ?? fileSize;
  const percent = total > 0 ? Math.min(100, Math.round((progress.sent / total) * 100)) : 0;
  return `Mengunggah berkas… ${percent}% (${formatFileSize(progress.sent)} dari ${formatFileSize(total)})`;
}

const HISTORY_COLUMNS: readonly DataColumn<DepositImportSummary>[] = [
  { key: 'at', header: 'Waktu', cell: (item) => formatDateTime(item.at) },
  { key: 'fileName', header: 'Berkas', wrap: true, cell: (item) => item.fileName },
  { key: 'rows', header: 'Deposito', numeric: true, cell: (item) => item.rows.toLocaleString('id-ID') },
  { key: 'principal', header: 'Pokok', numeric: true, cell: (item) => formatRupiah(item.principal) },
  { key: 'cutOverDate', header: 'Tanggal pindah', cell: (item) => formatDate(item.cutOverDate) },
  { key: 'by', header: 'Oleh', cell: (item) => item.by },
];

type Outcome = { kind: 'checked' | 'refused' | 'saved'; result: DepositImportResult; fileName: string; cutOverDate: string };

function ResultPanel({ outcome }: { outcome: Outcome }) {
  const { result } = outcome;
  const ref = useRef<HTMLElement>(null);
  // The answer takes the focus (and the view): a keyboard or a screen reader meets the figures next.
  useEffect(() => {
    if (outcome.kind !== 'refused') ref.current?.focus();
  }, [outcome]);
  return (
    <section className="bj-card" aria-labelledby="import-result-title" ref={ref} tabIndex={-1}>
      <h2 className="bj-card__title" id="import-result-title">
        {outcome.kind === 'saved' ? 'Impor tersimpan' : 'Hasil pemeriksaan'}: {outcome.fileName}
      </h2>
      <div className="bj-stats">
        <div className="bj-stat">
          <span className="bj-stat__value">{result.rows.toLocaleString('id-ID')}</span>
          <span className="bj-stat__label">Baris dibaca</span>
        </div>
        <div className="bj-stat">
          <span className="bj-stat__value">{result.valid.toLocaleString('id-ID')}</span>
          <span className="bj-stat__label">Baris benar</span>
        </div>
        <div className="bj-stat">
          <span className="bj-stat__value">{result.errorCount.toLocaleString('id-ID')}</span>
          <span className="bj-stat__label">Kesalahan</span>
        </div>
        <div className="bj-stat">
          <span className="bj-stat__value">{formatRupiah(result.totals.principal)}</span>
          <span className="bj-stat__label">Pokok baris benar ({result.totals.count.toLocaleString('id-ID')} deposito)</span>
        </div>
      </div>
      {result.totals.count > 0 ? (
      <p>
        Nasabah: {result.customers.created.toLocaleString('id-ID')} baru dibuat, {result.customers.matched.toLocaleString('id-ID')} sudah ada (dicocokkan dengan NIK/NPWP). Tanggal pindah{' '}
        {formatDate(outcome.cutOverDate)}: cicilan bunga sebelum tanggal ini dicatat sudah dibayar oleh sistem lama.
      </p>
      ) : null}
      {result.totals.byProduct.length > 0 ? (
        <div className="bj-table-wrap">
          <table className="bj-table">
            <caption>Per produk — bandingkan dengan saldo sistem lama</caption>
            <thead>
              <tr>
                <th scope="col">Produk</th>
                <th scope="col" className="bj-num">
                  Deposito
                </th>
                <th scope="col" className="bj-num">
                  Pokok
                </th>
              </tr>
            </thead>
            <tbody>
              {result.totals.byProduct.map((product) => (
                <tr key={product.productId}>
                  <td>
                    {product.productName} ({product.productCode})
                  </td>
                  <td className="bj-num">{product.count.toLocaleString('id-ID')}</td>
                  <td className="bj-num">{formatRupiah(product.principal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.errors.length > 0 ? (
        <>
          {result.errorsTruncated ? (
            <Notice tone="warning" title={`Ditampilkan ${result.errors.length.toLocaleString('id-ID')} kesalahan pertama dari ${result.errorCount.toLocaleString('id-ID')}`}>
              <p>Perbaiki baris-baris ini, lalu periksa lagi untuk melihat sisanya.</p>
            </Notice>
          ) : null}
          {/* Up to 1,000 rows scroll in their own box, which the keyboard can reach and scroll. */}
          <div className="bj-table-wrap" tabIndex={0} role="region" aria-label="Daftar kesalahan">
            <table className="bj-table">
              <caption>Kesalahan per baris</caption>
              <thead>
                <tr>
                  <th scope="col" className="bj-num">
                    Baris
                  </th>
                  <th scope="col">Kolom</th>
                  <th scope="col">Kesalahan</th>
                </tr>
              </thead>
              <tbody>
                {result.errors.map((error) => (
                  <tr key={`${error.row}|${error.column}|${error.message}`}>
                    <td className="bj-num">{error.row}</td>
                    <td>{error.column}</td>
                    <td className="bj-wrap">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * /deposito/impor, Impor Deposito (DOMAIN.md "From the bank's old system"; ADMIN): the template
 * (or the demo's sample book), a file and the cut-over date, a dry run that shows the totals per
 * product and every row error, then "Simpan semua" — all rows or none. Progress is shown while a
 * long file goes up and is read; the past imports are listed below.
 */
export default function DepositImportScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const today = jakartaToday();
  const [file, setFile] = useState<File | null>(null);
  const [cutOverDate, setCutOverDate] = useState(today);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  const importing = useSubmit();
  // Only an ADMIN reads the history (the others are told the screen is not theirs).
  const history = useServerData(mayAct(role, 'ADMIN') ? ['imports', 'history', historyPage] : null, (signal) => depositImportApi.history(historyPage, signal));

  const pending = importing.pending;
  const submit = async (dryRun: boolean) => {
    if (!file) return;
    const upload = { file, cutOverDate, dryRun };
    const done = await importing.submit(
      upload,
      async (key) => {
        setProgress({ phase: 'upload', sent: 0, total: file.size });
        try {
          return await depositImportApi.upload(upload, key, setProgress);
        } finally {
          setProgress(null);
        }
      },
      // A check writes nothing.
      dryRun ? { invalidates: [] } : {},
    );
    if (done.ok) {
      const result = done.answer;
      setOutcome({ kind: dryRun ? 'checked' : 'saved', result, fileName: file.name, cutOverDate });
      if (!dryRun) {
        app.notify({ type: 'success', title: `${result.totals.count.toLocaleString('id-ID')} deposito dari ${file.name} tersimpan.` });
      }
      return;
    }
    const refusedResult = resultOfFailure(done.failure);
    if (refusedResult) setOutcome({ kind: 'refused', result: refusedResult, fileName: file.name, cutOverDate });
  };

  if (role !== undefined && !mayAct(role, 'ADMIN')) {
    return (
      <div className="bj-page">
        <PageHeading title="Impor Deposito" />
        <Notice tone="info" title="Hanya untuk Admin">
          <p>Impor deposito dari sistem lama hanya dapat dilakukan oleh pengguna berperan Admin. Hubungi Admin bank Anda.</p>
        </Notice>
      </div>
    );
  }

  const check = () => {
    const missing = [...(file ? [] : ['Pilih berkas xlsx yang berisi deposito yang akan diimpor.']), ...(cutOverDate ? [] : ['Tanggal pindah wajib diisi.'])];
    if (missing.length > 0) return importing.invalid({ problems: missing });
    setOutcome(null);
    void submit(true);
  };
  const nothingSaved = outcome?.kind === 'refused' ? 'Tidak ada yang disimpan' : undefined;
  const checkedClean = outcome?.kind === 'checked' && outcome.result.errorCount === 0 && outcome.result.totals.count > 0 && outcome.fileName === file?.name && outcome.cutOverDate === cutOverDate;

  return (
    <div className="bj-page bj-stack">
      <PageHeading title="Impor Deposito" />
      <section className="bj-card" aria-labelledby="import-template-title">
        <h2 className="bj-card__title" id="import-template-title">
          1. Template
        </h2>
        <p>
          Isi satu baris per deposito yang sedang berjalan di sistem lama. Lembar kedua template menjelaskan setiap kolom. Nasabah dicocokkan dengan NIK (perorangan) atau NPWP (badan); yang belum ada
          dibuat.
        </p>
        <div className="bj-actions__list">
          <DownloadButton path={DEPOSIT_IMPORT_TEMPLATE_PATH} query={{}} fallbackName="template-impor-deposito.xlsx" label="Unduh template" />
          <DownloadButton path={DEPOSIT_IMPORT_TEMPLATE_PATH} query={{ sample: '1' }} fallbackName="contoh-impor-deposito.xlsx" label="Unduh contoh buku deposito" />
        </div>
      </section>

      <SubmitForm
        className="bj-card bj-form bj-form--grid"
        submission={importing}
        onSubmit={check}
        summaryTitle={nothingSaved}
        aria-label="Impor deposito"
        actions={
          <div className="bj-form__full bj-actions__list">
            <button className="bj-button bj-button--secondary" type="submit" aria-disabled={pending || undefined}>
              {pending && progress ? 'Memeriksa…' : 'Periksa berkas'}
            </button>
            {checkedClean ? (
              <button className="bj-button bj-button--primary" type="button" aria-disabled={pending || undefined} onClick={() => void submit(false)}>
                {pending ? 'Menyimpan…' : `Simpan semua (${outcome.result.totals.count.toLocaleString('id-ID')} deposito)`}
              </button>
            ) : null}
          </div>
        }
      >
        <h2 className="bj-card__title bj-form__full">2. Periksa, lalu simpan</h2>
        <FileField
          label="Berkas xlsx"
          name="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          required
          hint="Template Impor Deposito yang sudah diisi; sampai 100.000 baris."
          onFilesChange={(files) => {
            setFile(files[0] ?? null);
            setOutcome(null);
          }}
        />
        <DateField label="Tanggal pindah" name="cutOverDate" value={cutOverDate} onChange={setCutOverDate} max={today} required />
        <p className="bj-form__full bj-muted">Pemeriksaan tidak menyimpan apa pun. Setelah tidak ada kesalahan, semua baris disimpan bersama dalam satu kali simpan — atau tidak sama sekali.</p>
        {progress ? (
          <p className="bj-form__full bj-download__progress" role="status">
            {progressText(progress, file?.size ?? 0)}
          </p>
        ) : null}
      </SubmitForm>

      {outcome ? <ResultPanel outcome={outcome} /> : null}
      {outcome?.kind === 'saved' ? (
        <p>
          <Link to="/deposito?status=active">Lihat deposito aktif</Link> · <Link to="/nasabah">Lihat nasabah</Link>
        </p>
      ) : null}

      <section className="bj-card" aria-labelledby="import-history-title">
        <h2 className="bj-card__title" id="import-history-title">
          Impor sebelumnya
        </h2>
        <DataTable
          list={history}
          columns={HISTORY_COLUMNS}
          rowKey={(item) => item.importId}
          caption="Impor deposito yang sudah disimpan"
          empty={{ title: 'Belum ada impor', body: 'Deposito yang diimpor dari sistem lama tercatat di sini.' }}
          onPage={setHistoryPage}
        />
      </section>
    </div>
  );
}
