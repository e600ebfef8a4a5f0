import { useEffect } from 'react';
import type { ShipmentStatus } from '@contract/deposit';
import { shipmentEventSources } from '@machines/shipment';
import { useAppActors } from '../../../app/actors-context';
import type { Submission } from '../../../app/use-submit';
import { Dialog } from '../../../components/Dialog';
import { ErrorState, LoadingState } from '../../../components/DataState';
import { depositApi } from '../../../lib/deposit-api';
import { openPdf } from '../../../lib/download';
import { documentsApi, PRINT_PATHS, type ShipmentAnswer } from '../../../lib/documents-api';
import { useServerData, useWroteTo, type ServerKey } from '../../../lib/server-data';
import { ShipmentView } from './ShipmentView';

/**
 * What staff may do with a JNE shipment, by the shipment machine's own states: the pickup is
 * cancelled only before the courier came, tracking asks about a live parcel. A resi typed by hand
 * was never booked with the courier: nothing to cancel, track or label.
 */
export const mayCancelPickup = (status: ShipmentStatus | null): boolean => status !== null && shipmentEventSources['shipment.cancel'].includes(status);
export const mayTrack = (shipment: Pick<ShipmentAnswer, 'booked' | 'status'>): boolean => shipment.booked && shipmentEventSources['shipment.track'].includes(shipment.status);

export const printResi = (shipment: Pick<ShipmentAnswer, 'id' | 'awb'>) => openPdf(PRINT_PATHS.resi, { shipmentId: shipment.id }, `resi-${shipment.awb}.pdf`);

/** The label of a deposit's newest shipment, for a row that knows only the deposit. */
export const printLatestResi = (deposit: { depositId: string; depositNumber: string }) =>
  openPdf(PRINT_PATHS.resi, async () => ({ shipmentId: (await latestShipment(deposit.depositId)).id }), `resi-${deposit.depositNumber}.pdf`);


const NO_SHIPMENT = 'Data pengiriman JNE deposito ini tidak ditemukan.';

/** The deposit's newest shipment (the detail lists them newest first): the work queue's rows carry only its status. */
export async function latestShipment(depositId: string, signal?: AbortSignal): Promise<ShipmentAnswer> {
  const shipment = (await depositApi.detail(depositId, signal)).shipments[0];
  if (!shipment) throw { statusCode: 404, message: NO_SHIPMENT, error: 'Not Found' };
  return shipment;
}

/**
 * "Lacak": asks the courier now (every time the dialog opens) about the deposit's newest shipment
 * and shows where the bilyet is. The server stores what it learnt (a delivery marks the bilyet
 * received), so what the screens behind show is read again once the answer came.
 */
export function TrackingDialog({ title, depositId, onClose }: { title: string; depositId: string; onClose: () => void }) {
  const key: ServerKey = ['documents', 'tracking', depositId];
  const tracking = useServerData(key, async (signal) => documentsApi.track((await latestShipment(depositId, signal)).awb, signal), { freshness: 'every-time' });
  const wrote = useWroteTo();
  const answer = tracking.status === 'ready' ? tracking.data : null;
  useEffect(() => {
    if (answer) wrote(undefined, [{ key, data: answer }]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);
  return (
    <Dialog title={title} open onClose={onClose} closeLabel="Tutup">
      {tracking.status === 'error' ? (
        <ErrorState title="Pelacakan tidak dapat dimuat." error={tracking.error} onRetry={tracking.reload} />
      ) : tracking.data ? (
        <ShipmentView shipment={tracking.data} />
      ) : (
        <LoadingState label="Menghubungi JNE…" />
      )}
    </Dialog>
  );
}

/** "Batalkan penjemputan": before the courier came, the booking is cancelled and the bilyet is back at the bank. */
export function CancelPickupDialog({
  depositNumber,
  shipment,
  submission,
  onClose,
}: {
  depositNumber: string;
  /** The shipment, or how to find it (the work queue asks the detail). */
  shipment: () => Promise<Pick<ShipmentAnswer, 'id' | 'awb'>>;
  /** The screen's, so a cancellation retried after no answer keeps its key even if the dialog was reopened; its success has what the screen shows read again. */
  submission: Submission;
  onClose: () => void;
}) {
  const app = useAppActors();
  const cancel = async () => {
    // The shipment is found inside the request: finding it is part of what may fail.
    let id: string | null = null;
    const done = await submission.submit({ cancelPickupOf: depositNumber }, async (key) => {
      id ??= (await shipment()).id;
      return documentsApi.cancelPickup(id, key);
    });
    if (!done.ok) return;
    app.notify({ type: 'success', title: 'Penjemputan JNE dibatalkan.', desc: 'Bilyet kembali di bank dan dapat dikirim lagi.' });
    onClose();
  };
  return (
    <Dialog title={`Batalkan penjemputan · ${depositNumber}`} open onClose={onClose} onSubmit={() => void cancel()} confirmLabel="Batalkan penjemputan" confirmTone="danger" submission={submission}>
      <p>Pesanan penjemputan JNE dibatalkan selama kurir belum menjemput. Bilyet kembali berstatus Diterbitkan dan dapat dikirim lagi.</p>
    </Dialog>
  );
}
