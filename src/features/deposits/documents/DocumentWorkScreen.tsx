import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { bilyetStatusLabels } from '@machines/bilyet';
import { documentWorkStepById, documentWorkSteps } from '@machines/document-work';
import { useAppActors } from '../../../app/actors-context';
import { PageHeading } from '../../../components/PageHeading';
import { Tabs } from '../../../components/Tabs';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { depositColumn } from '../../../components/DepositRef';
import { formatDate, jakartaToday, formatRupiah } from '../../../lib/format';
import type { DepositSummary } from '../../../lib/deposit-api';
import { documentsApi, type DocumentWorkStep } from '../../../lib/documents-api';
import { useSubmit } from '../../../app/use-submit';
import { useQueryState } from '../../../lib/use-query-state';
import { useServerData } from '../../../lib/server-data';
import { bilyetEventsForRow } from './bilyet-steps';
import { BilyetStepRunner, type OpenBilyetStep } from './BilyetStepRunner';
import { CancelPickupDialog, latestShipment, TrackingDialog } from './shipment-actions';
import { WorkRowActions } from './WorkRowActions';
import '../../../styles/lists.css';

export const WORK_PAGE_SIZE = 20;
const FIRST_STEP = documentWorkSteps[0]!.id;

const isStep = (value: string): value is DocumentWorkStep => Object.hasOwn(documentWorkStepById, value);

type OpenDialog = { kind: 'step'; step: OpenBilyetStep } | { kind: 'track'; row: DepositSummary } | { kind: 'cancel'; row: DepositSummary };

/**
 * /deposito/proses (Proses Dokumen, UI.md): the work queue of the bilyet's journey and the
 * signatures, one tab per open step with its count (the steps and which deposits each holds are
 * machines/document-work.ts's), and each row's action in place. The tab and page are in the URL.
 */
export default function DocumentWorkScreen() {
  const app = useAppActors();
  const user = useSelector(app.session, (snapshot) => snapshot.context.user);
  const today = jakartaToday();
  const [state, update] = useQueryState({ step: FIRST_STEP, page: '1' });
  const step: DocumentWorkStep = isStep(state.step) ? state.step : FIRST_STEP;
  const query = { step, page: state.page, limit: WORK_PAGE_SIZE };
  const list = useServerData(['documents', 'work', query], (signal) => documentsApi.workQueue(query, signal));
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // The screen's, not the dialogs': a save retried after no answer keeps its key even if its dialog
  // was reopened. Its successes have the queue and its counts read again.
  const submission = useSubmit();
  const definition = documentWorkStepById[step];
  const counts = list.data?.counts;

  const openStep = (row: DepositSummary, kind: OpenBilyetStep['kind']) =>
    setOpen({
      kind: 'step',
      step: {
        kind,
        target: { depositId: row.id, depositNumber: row.depositNumber, customerName: row.customer.name, bilyetStatus: row.bilyet.status, bilyetNumber: row.bilyet.number, today },
      },
    });
  const close = () => setOpen(null);

  const columns: DataColumn<DepositSummary>[] = [
    depositColumn((row) => ({ id: row.id, number: row.depositNumber, customer: row.customer.name })),
    { key: 'amount', header: 'Nominal', numeric: true, cell: (row) => formatRupiah(row.amount) },
    { key: 'maturity', header: 'Jatuh tempo', cell: (row) => formatDate(row.maturityDate) },
    {
      key: 'bilyet',
      header: 'Bilyet',
      wrap: true,
      cell: (row) => (
        <span className="bj-lines">
          <span>{bilyetStatusLabels[row.bilyet.status]}</span>
          {row.bilyet.number ? <span className="bj-lines__quiet bj-lines__nowrap">{row.bilyet.number}</span> : null}
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Aksi',
      wrap: true,
      cell: (row) => (
        <WorkRowActions
          row={row}
          step={step}
          allowedEvents={user ? bilyetEventsForRow(row, user, today) : []}
          onStep={openStep}
          onTrack={(target) => setOpen({ kind: 'track', row: target })}
          onCancelPickup={(target) => setOpen({ kind: 'cancel', row: target })}
        />
      ),
    },
  ];

  return (
    <div className="bj-page">
      <PageHeading title="Proses Dokumen" />
      <Tabs
        label="Tahap proses dokumen"
        items={documentWorkSteps.map((item) => ({ key: item.id, label: item.label, count: counts?.[item.id] ?? null }))}
        selected={step}
        onSelect={(next) => {
          setOpen(null);
          update({ step: next });
        }}
      >
        <p className="bj-muted bj-step-description">{definition.description}</p>
        <DataTable
          list={list}
          columns={columns}
          rowKey={(row) => row.id}
          caption={`${definition.label}, halaman ${list.data?.meta.page ?? ''}`}
          empty={{ title: 'Tidak ada deposito di tahap ini.', body: 'Semua dokumen pada tahap ini sudah diproses.' }}
          onPage={(page) => update({ page: String(page) })}
        />
      </Tabs>
      {open?.kind === 'step' ? <BilyetStepRunner {...open.step} submission={submission} onClose={close} onConflict={list.reload} /> : null}
      {open?.kind === 'track' ? <TrackingDialog title={`Lacak pengiriman · ${open.row.depositNumber}`} depositId={open.row.id} onClose={close} /> : null}
      {open?.kind === 'cancel' ? (
        <CancelPickupDialog depositNumber={open.row.depositNumber} shipment={() => latestShipment(open.row.id)} submission={submission} onClose={close} />
      ) : null}
    </div>
  );
}
