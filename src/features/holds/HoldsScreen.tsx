import { HOLD_REASONS, HOLD_STATUSES, type HoldCounts } from '@contract/holds';
import { holdReasonLabels } from '@machines/deposit-rules';
import { holdStatusLabels } from '@machines/hold';
import { useHoldDecision } from '../../app/use-hold-decision';
import { FilterForm } from '../../components/FilterForm';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { depositColumn } from '../../components/DepositRef';
import { HoldActionButtons, OpenHoldDecisionDialog, holdStatusTones } from '../../components/HoldActions';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { Tabs, type TabItem } from '../../components/Tabs';
import { formatDate } from '../../lib/format';
import { holdsApi, type Hold } from '../../lib/holds-api';
import { useQueryState } from '../../lib/use-query-state';
import { useServerData } from '../../lib/server-data';
import '../../styles/lists.css';

export const HOLD_LIST_DEFAULTS = { status: 'active', reason: '', q: '', page: '1' };
export const HOLD_PAGE_SIZE = 20;

type StatusTab = (typeof HOLD_STATUSES)[number] | 'all';
const STATUS_TABS: TabItem<StatusTab>[] = [...HOLD_STATUSES.map((status) => ({ key: status, label: holdStatusLabels[status] })), { key: 'all', label: 'Semua' }];
/** The tabs with how many holds of each status the reason and words match; "Semua" their sum. */
function tabsWithCounts(counts: HoldCounts | undefined): TabItem<StatusTab>[] {
  if (!counts) return STATUS_TABS;
  return STATUS_TABS.map((tab) => ({ ...tab, count: tab.key === 'all' ? HOLD_STATUSES.reduce((sum, status) => sum + counts[status], 0) : counts[tab.key] }));
}
const isStatusTab = (value: string): value is StatusTab => STATUS_TABS.some((tab) => tab.key === value);

/** Where the hold stands: its status, who placed it, and who asked for its release or released it, and when. */
function StatusCell({ hold }: { hold: Hold }) {
  const request = hold.releaseRequest;
  return (
    <span className="bj-lines bj-hold-status">
      <span>
        <StatusBadge label={hold.statusLabel} tone={holdStatusTones[hold.status]} />
      </span>
      <span className="bj-lines__quiet">
        Dipasang {hold.placedBy.name} · {formatDate(hold.placedAt)}
      </span>
      {hold.status === 'releaseRequested' && request ? (
        <span className="bj-lines__quiet">
          Pelepasan diajukan {request.by.name} · {formatDate(request.at)} · {request.reason}
        </span>
      ) : null}
      {hold.status === 'released' && hold.releasedAt ? (
        <span className="bj-lines__quiet">{hold.releasedBy ? `Dilepas ${hold.releasedBy.name} · ${formatDate(hold.releasedAt)}` : `Berakhir otomatis · ${formatDate(hold.releasedAt)}`}</span>
      ) : null}
    </span>
  );
}

/**
 * /deposito/blokir: the bank's holds (blokir) by status — in force, waiting for a release to be
 * approved, released — with the reason and a search (deposit, bilyet, customer, reference) in the
 * URL; each row links to its deposit and offers what its `allowedEvents` allow.
 */
export default function HoldsScreen() {
  const [state, update] = useQueryState(HOLD_LIST_DEFAULTS);
  const status: StatusTab = isStatusTab(state.status) ? state.status : 'active';
  const query = { status: status === 'all' ? '' : status, reason: state.reason, q: state.q, page: state.page, limit: HOLD_PAGE_SIZE };
  const list = useServerData(['holds', 'list', query], (signal) => holdsApi.list(query, signal));
  const decision = useHoldDecision(list.reload);

  const columns: DataColumn<Hold>[] = [
    depositColumn((row) => ({ id: row.depositId, number: row.depositNumber, customer: row.customerName, note: row.bilyetNumber ? `Bilyet ${row.bilyetNumber}` : undefined })),
    {
      key: 'hold',
      header: 'Alasan / referensi',
      wrap: true,
      cell: (row) => (
        <span className="bj-lines">
          <span>{row.reasonLabel}</span>
          <span className="bj-lines__quiet">{row.reference}</span>
          {row.stopInterestPayout ? <span className="bj-lines__quiet">Pembayaran bunga dihentikan</span> : null}
        </span>
      ),
    },
    {
      key: 'dates',
      header: 'Tanggal surat / berlaku sampai',
      cell: (row) => (
        <span className="bj-lines">
          <span>{row.letterDate ? formatDate(row.letterDate) : '-'}</span>
          <span>{row.until ? formatDate(row.until) : 'Sampai dilepas'}</span>
        </span>
      ),
    },
    { key: 'status', header: 'Status', wrap: true, cell: (row) => <StatusCell hold={row} /> },
    {
      key: 'actions',
      header: 'Aksi',
      wrap: true,
      cell: (row) => <HoldActionButtons hold={row} onOpen={(event) => decision.start(row, event)} />,
    },
  ];

  return (
    <div className="bj-page">
      <PageHeading title="Blokir" />
      <FilterForm
        label="Saring blokir"
        search={{ value: state.q, placeholder: 'Nomor deposito atau bilyet, nama nasabah, nomor referensi' }}
        choices={[{ name: 'reason', label: 'Alasan', value: state.reason, allLabel: 'Semua alasan', width: 'reason', options: HOLD_REASONS.map((reason) => ({ value: reason, label: holdReasonLabels[reason] })) }]}
        onApply={update}
      />
      <Tabs label="Status blokir" items={tabsWithCounts(list.data?.counts)} selected={status} onSelect={(next) => update({ status: next })}>
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          caption={`Blokir, halaman ${list.data?.meta.page ?? ''}`}
          empty={{ title: 'Tidak ada blokir.', body: 'Tidak ada blokir yang cocok dengan status dan filter ini.' }}
          onPage={(page) => update({ page: String(page) })}
        />
      </Tabs>
      <OpenHoldDecisionDialog decision={decision} />
    </div>
  );
}
