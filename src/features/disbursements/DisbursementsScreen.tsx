import { useState } from 'react';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { TextField } from '../../components/TextField';
import { PageHeading } from '../../components/PageHeading';
import { Tabs } from '../../components/Tabs';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { AmountLess } from '../../components/AmountLess';
import { DownloadButton } from '../../components/DownloadButton';
import { Dialog } from '../../components/Dialog';
import { formatDate, formatRupiah, jakartaToday, lastTwelveMonths } from '../../lib/format';
import { cleanQuery, depositApi, DOWNLOAD_PATHS, type DisbursementRow } from '../../lib/deposit-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import { periodLabel } from '../../lib/period-label';
import '../../styles/lists.css';
import { DateField } from '../../components/DateField';
import { PayoutAction } from './PayoutAction';
import { SearchForm } from '../../components/SearchForm';
import { chosenFile, FileField } from '../../components/FileField';

const KIND_LABELS = { break: 'Pencairan awal', maturity: 'Jatuh tempo' } as const;

/** /deposito/pencairan: payouts to make and made; a supervisor records a transfer with its proof. */
export default function DisbursementsScreen() {
  const app = useAppActors();
  const [state, update] = useQueryState({ status: 'pending', period: '', q: '', page: '1' });
  const query = { status: state.status, period: state.period, q: state.q };
  const listQuery = { ...query, page: state.page, limit: 20 };
  const countQuery = { period: state.period, q: state.q };
  const list = useServerData(['disbursements', 'list', listQuery], (signal) => depositApi.disbursements(listQuery, signal));
  const counts = useServerData(['disbursements', 'counts', countQuery], (signal) => depositApi.disbursementCounts(countQuery, signal));
  const [paying, setPaying] = useState<DisbursementRow | null>(null);
  // The screen's, not the dialog's: a payment retried after no answer keeps its key even if its dialog was reopened.
  const payment = useSubmit();

  const record = async (form: HTMLFormElement) => {
    if (!paying) return;
    const data = new FormData(form);
    const proof = chosenFile(form, 'proof');
    const reference = String(data.get('reference') ?? '').trim();
    const paidAt = String(data.get('paidAt') ?? '');
    if (!reference || !proof || !paidAt) {
      return payment.invalid({
        fieldProblems: {
          reference: reference ? [] : ['Nomor referensi transfer wajib diisi.'],
          paidAt: paidAt ? [] : ['Tanggal bayar wajib diisi dengan tanggal yang valid.'],
          proof: proof ? [] : ['Bukti transfer wajib diunggah.'],
        },
      });
    }
    const paid = { depositId: paying.depositId, reference, paidAt, proof };
    const done = await payment.submit(paid, (key) => depositApi.markDisbursementPaid(paid, key));
    if (!done.ok) return;
    app.notify({ type: 'success', title: 'Pencairan dicatat sudah dibayar.' });
    setPaying(null);
  };

  const columns: DataColumn<DisbursementRow>[] = [
    depositColumn((row) => ({ id: row.depositId, number: row.depositNumber, customer: row.customerName, note: KIND_LABELS[row.kind] })),
    { key: 'principal', header: 'Pokok', numeric: true, cell: (row) => formatRupiah(row.principal) },
    {
      key: 'interest',
      header: 'Bunga / pajak + penalti',
      numeric: true,
      title: (row) => `Bunga ${formatRupiah(row.interest)}; pajak ${formatRupiah(row.tax)}, penalti ${formatRupiah(row.penalty)}`,
      cell: (row) => <AmountLess amount={row.interest} less={row.tax + row.penalty} />,
    },
    { key: 'amount', header: 'Dibayarkan', numeric: true, cell: (row) => formatRupiah(row.amount) },
    { key: 'account', header: 'Rekening', wrap: true, cell: (row) => `${row.payoutAccount.bankName ?? '-'} ${row.payoutAccount.accountNumber ?? ''}` },
    {
      key: 'payment',
      header: state.status === 'paid' ? 'Dibayar' : 'Aksi',
      wrap: true,
      cell: (row) => (row.status === 'paid' ? `${formatDate(row.paidAt)} · ${row.reference ?? '-'}` : <PayoutAction row={row} onPay={setPaying} />),
    },
  ];

  return (
    <div className="bj-page">
      <PageHeading title="Pencairan" />
      <SearchForm value={state.q} onSearch={(q) => update({ q })} />
      <div className="bj-toolbar">
        <label className="bj-filters__field bj-filters__field--inline">
          <span>Periode</span>
          <select className="bj-field__input" value={state.period} onChange={(event) => update({ period: event.target.value })}>
            <option value="">Semua periode</option>
            {lastTwelveMonths().map((month) => (
              <option key={month} value={month}>
                {periodLabel(month)}
              </option>
            ))}
          </select>
        </label>
        <DownloadButton path={DOWNLOAD_PATHS.disbursements} query={cleanQuery(query)} fallbackName="pencairan.xlsx" />
      </div>
      <Tabs
        label="Status pencairan"
        items={[
          { key: 'pending', label: 'Harus dibayar', count: counts.data?.pending ?? null },
          { key: 'paid', label: 'Sudah dibayar', count: counts.data?.paid ?? null },
        ]}
        selected={state.status}
        onSelect={(status) => update({ status })}
      >
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          caption="Pencairan"
          empty={{ title: 'Tidak ada pencairan.', body: state.q ? `Tidak ada pencairan yang cocok dengan "${state.q}".` : undefined }}
          onPage={(page) => update({ page: String(page) })}
        />
      </Tabs>
      <Dialog title={`Catat pembayaran · ${paying?.depositNumber ?? ''}`} open={paying !== null} onClose={() => setPaying(null)} onSubmit={(form) => void record(form)} confirmLabel="Simpan" submission={payment}>
        {paying ? (
          <>
            <p>
              Transfer {formatRupiah(paying.amount)} ke {paying.payoutAccount.bankName ?? '-'} {paying.payoutAccount.accountNumber ?? ''} a.n.{' '}
              {paying.payoutAccount.accountName ?? '-'}
              {paying.kind === 'maturity' && paying.interest > 0
                ? ` (pokok ${formatRupiah(paying.principal)} + bunga bersih ${formatRupiah(paying.interest - paying.tax)} yang belum dibayar; bunga itu dicatat dibayar dengan transfer ini)`
                : ''}
              . Setelah dicatat deposito Selesai tanpa sisa kewajiban.
            </p>
            <TextField label="Nomor referensi transfer" name="reference" maxLength={100} />
            <DateField label="Tanggal bayar" name="paidAt" defaultValue={jakartaToday()} max={jakartaToday()} required />
            <FileField label="Bukti transfer" name="proof" accept="application/pdf,image/png,image/jpeg" hint="PDF, PNG atau JPEG, paling besar 5 MB." required />
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
