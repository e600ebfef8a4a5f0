import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { depositEventRoles, depositStatusLabels } from '@machines/deposit';
import type { DepositStatus } from '@contract/deposit';
import { useAppActors } from '../../app/actors-context';
import { useSubmit } from '../../app/use-submit';
import { PageHeading } from '../../components/PageHeading';
import { Tabs, type TabItem } from '../../components/Tabs';
import { StatusBadge } from '../../components/StatusBadge';
import { HeldBadge } from '../../components/HeldBadge';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { DownloadButton } from '../../components/DownloadButton';
import { Dialog } from '../../components/Dialog';
import { formatDate, formatRate, formatRupiah } from '../../lib/format';
import { cleanQuery, depositApi, DOWNLOAD_PATHS, type DepositSummary } from '../../lib/deposit-api';
import { useQueryState } from '../../lib/use-query-state';
import { statusTones } from './deposit-actions';
import { channelOf } from './partner-notifications';
import { bulkApprovalOutcome, type BulkApprovalOutcome } from './bulk-approval';
import { Notice } from '../../components/Notice';
import { useDepositList, useProductOptions, useStatusCounts } from './use-deposit-queries';
import '../../styles/lists.css';
import { DateField } from '../../components/DateField';
import { Link } from 'react-router-dom';
import { mayAct } from '@machines/deposit-rules';

export const LIST_DEFAULTS = { status: 'all', q: '', productId: '', dateFrom: '', dateTo: '', sort: '-createdAt', page: '1' };

const STATUS_ORDER: DepositStatus[] = ['pending', 'approved', 'active', 'breakRequested', 'matured', 'disbursing', 'closed', 'rejected', 'cancelled'];

const SORT_OPTIONS = [
  { value: '-createdAt', label: 'Terbaru dibuat' },
  { value: 'createdAt', label: 'Terlama dibuat' },
  { value: '-depositDate', label: 'Tanggal efektif terbaru' },
  { value: 'depositDate', label: 'Tanggal efektif terlama' },
  { value: 'maturityDate', label: 'Jatuh tempo terdekat' },
  { value: '-maturityDate', label: 'Jatuh tempo terjauh' },
  { value: '-amount', label: 'Nominal terbesar' },
  { value: 'amount', label: 'Nominal terkecil' },
];

export const PAGE_SIZE = 20;

/** How it came in, with a partner's own reference under its code: what a partner quotes when it calls. */
function ChannelCell({ deposit }: { deposit: DepositSummary }) {
  const { label, reference } = channelOf(deposit);
  return (
    <span className="bj-lines">
      <span>{label}</span>
      {reference ? <span className="bj-lines__quiet">{reference}</span> : null}
    </span>
  );
}

const columns: DataColumn<DepositSummary>[] = [
  depositColumn((row) => ({ id: row.id, number: row.depositNumber, customer: row.customer.name })),
  { key: 'product', header: 'Produk', wrap: true, cell: (row) => row.product.name },
  { key: 'channel', header: 'Kanal', wrap: true, cell: (row) => <ChannelCell deposit={row} /> },
  { key: 'amount', header: 'Nominal', numeric: true, cell: (row) => formatRupiah(row.amount) },
  { key: 'rate', header: 'Bunga', numeric: true, cell: (row) => formatRate(row.rateBps) },
  { key: 'tenor', header: 'Tenor', numeric: true, cell: (row) => `${row.tenorMonths} bln` },
  {
    key: 'dates',
    header: 'Tanggal efektif / jatuh tempo',
    cell: (row) => (
      <span className="bj-lines">
        <span>{formatDate(row.depositDate)}</span>
        <span>{formatDate(row.maturityDate)}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    wrap: true,
    cell: (row) => (
      <>
        <StatusBadge label={row.statusLabel} tone={statusTones[row.status]} />
        {row.held ? <HeldBadge /> : null}
        {row.flags.length > 0 ? <StatusBadge label="Tidak dijamin LPS" tone="danger" /> : null}
      </>
    ),
  },
];

/** /deposito: every deposit of the bank in status tabs with counts; filters, sort and page in the URL. */
export default function DepositListScreen() {
  const app = useAppActors();
  const role = useSelector(app.session, (snapshot) => snapshot.context.user?.role);
  const [state, update] = useQueryState(LIST_DEFAULTS);
  const filters = { q: state.q, productId: state.productId, dateFrom: state.dateFrom, dateTo: state.dateTo };
  const listQuery = { ...filters, status: state.status === 'all' ? '' : state.status, sort: state.sort, page: state.page, limit: PAGE_SIZE };
  const list = useDepositList(listQuery);
  const counts = useStatusCounts(filters);
  const products = useProductOptions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const approval = useSubmit();
  const [outcome, setOutcome] = useState<BulkApprovalOutcome | null>(null);

  const canBulkApprove = mayAct(role, depositEventRoles['deposit.approve']) && state.status === 'pending';
  const rows = list.data?.data ?? [];
  const selectedRows = rows.filter((row) => selected.has(row.id));

  const tabs: TabItem<string>[] = useMemo(
    () => [
      { key: 'all', label: 'Semua', count: counts.data?.total ?? null },
      ...STATUS_ORDER.map((status) => ({ key: status, label: depositStatusLabels[status], count: counts.data?.counts[status] ?? null })),
    ],
    [counts.data],
  );

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update({
      q: String(data.get('q') ?? '').trim(),
      productId: String(data.get('productId') ?? ''),
      dateFrom: String(data.get('dateFrom') ?? ''),
      dateTo: String(data.get('dateTo') ?? ''),
    });
  };

  // One request for the whole selection; the server answers each deposit (approved, or why not).
  // The submission then has the lists, the counts, Beranda and every other read of them read again.
  const approveSelected = async () => {
    const depositIds = selectedRows.map((row) => row.id);
    const done = await approval.submit({ approve: depositIds }, (key) => depositApi.approveMany(depositIds, key));
    if (!done.ok) return;
    setOutcome(bulkApprovalOutcome(done.answer));
    setConfirming(false);
    setSelected(new Set());
  };

  const exportQuery = cleanQuery({ ...filters, status: listQuery.status, sort: state.sort });

  return (
    <div className="bj-page">
      <PageHeading title="Daftar Deposito" />
      <p>
        <Link className="bj-button bj-button--primary" to="/deposito/baru">
          Penempatan baru
        </Link>
      </p>
      <form className="bj-filters" role="search" onSubmit={onSearch} key={`${state.q}|${state.productId}|${state.dateFrom}|${state.dateTo}`}>
        <label className="bj-filters__field bj-filters__field--wide">
          <span>Cari</span>
          <input className="bj-field__input" name="q" type="search" defaultValue={state.q} placeholder="Nomor deposito, nama atau NIK nasabah" />
        </label>
        <label className="bj-filters__field">
          <span>Produk</span>
          <select className="bj-field__input" name="productId" defaultValue={state.productId}>
            <option value="">Semua produk</option>
            {(products.data ?? []).map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
            {state.productId && !(products.data ?? []).some((product) => product.id === state.productId) ? <option value={state.productId}>{state.productId}</option> : null}
          </select>
        </label>
        <DateField className="bj-filters__field" labelClassName="" label="Tanggal efektif dari" name="dateFrom" defaultValue={state.dateFrom} />
        <DateField className="bj-filters__field" labelClassName="" label="sampai" name="dateTo" defaultValue={state.dateTo} />
        <button type="submit" className="bj-button bj-button--primary">
          Terapkan
        </button>
        <button type="button" className="bj-button bj-button--ghost" onClick={() => update({ q: '', productId: '', dateFrom: '', dateTo: '' })}>
          Hapus filter
        </button>
      </form>

      <Tabs label="Status deposito" items={tabs} selected={state.status} onSelect={(status) => { setSelected(new Set()); setOutcome(null); update({ status }); }}>
        <div className="bj-toolbar">
          <label className="bj-filters__field bj-filters__field--inline">
            <span>Urutkan</span>
            <select className="bj-field__input" value={state.sort} onChange={(event) => update({ sort: event.target.value })}>
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {canBulkApprove ? (
            <button type="button" className="bj-button bj-button--primary" disabled={selectedRows.length === 0} onClick={() => setConfirming(true)}>
              Setujui terpilih ({selectedRows.length})
            </button>
          ) : null}
          <DownloadButton path={DOWNLOAD_PATHS.depositList} query={exportQuery} fallbackName="daftar-deposito.xlsx" />
        </div>

        {outcome ? (
          <Notice tone={outcome.tone} title={outcome.summary}>
            {outcome.refused.length > 0 ? (
              <ul>
                {outcome.refused.map((item) => (
                  <li key={item.depositId}>
                    {item.depositNumber}: {item.reason}
                  </li>
                ))}
              </ul>
            ) : null}
          </Notice>
        ) : null}
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          caption={`Deposito, halaman ${list.data?.meta.page ?? ''}`}
          empty={{ title: 'Tidak ada deposito.', body: 'Tidak ada deposito yang cocok dengan status dan filter ini.' }}
          onPage={(page) => update({ page: String(page) })}
          selection={canBulkApprove ? { selected, onChange: setSelected, selectAllLabel: 'Pilih semua di halaman ini', rowLabel: (row) => `Pilih ${row.depositNumber}` } : undefined}
        />
      </Tabs>

      <Dialog
        title="Setujui deposito terpilih"
        open={confirming}
        onClose={() => setConfirming(false)}
        onSubmit={() => void approveSelected()}
        confirmLabel="Setujui"
        submission={approval}
        failureTitle="Deposito terpilih belum disetujui."
      >
        <p>
          {selectedRows.length} deposito akan disetujui dengan total nominal {formatRupiah(selectedRows.reduce((sum, row) => sum + row.amount, 0))}. Deposito
          yang tanggal efektifnya sudah tiba langsung menjadi Aktif.
        </p>
        <ul className="bj-dialog__list">
          {selectedRows.slice(0, 10).map((row) => (
            <li key={row.id}>
              {row.depositNumber} · {row.customer.name} · {formatRupiah(row.amount)}
            </li>
          ))}
          {selectedRows.length > 10 ? <li>dan {selectedRows.length - 10} lainnya</li> : null}
        </ul>
      </Dialog>
    </div>
  );
}
