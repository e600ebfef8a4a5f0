import { useState } from 'react';
import { shipmentStatusLabels } from '@machines/shipment';
import { useAppActors } from '../../../app/actors-context';
import { documentsApi, SANDBOX_PARCEL_STATUSES, type SandboxParcelStatus, type ShipmentAnswer } from '../../../lib/documents-api';
import { BusyButton } from '../../../components/BusyButton';

/** The stage a live parcel goes to next (a failure is chosen, never proposed). */
function nextStage(status: ShipmentAnswer['status']): SandboxParcelStatus {
  if (status === 'requested') return 'pickedUp';
  if (status === 'pickedUp') return 'inTransit';
  return 'delivered';
}

/**
 * Demo mode only (the caller checks): moves a booked parcel in the JNE sandbox as the courier
 * would, then asks JNE about it like "Perbarui pelacakan", so the server records what happened (a
 * delivery marks the bilyet received). The sandbox moves only this bank's parcels, with the
 * staff's own session.
 */
export function SandboxParcelControl({ shipment }: { shipment: Pick<ShipmentAnswer, 'awb' | 'status'> }) {
  const app = useAppActors();
  const [target, setTarget] = useState<SandboxParcelStatus>(nextStage(shipment.status));
  // The parcel moved: propose its next stage (adjusting state while rendering, so the control and
  // its focus stay where they are).
  const [seenStatus, setSeenStatus] = useState(shipment.status);
  if (seenStatus !== shipment.status) {
    setSeenStatus(shipment.status);
    setTarget(nextStage(shipment.status));
  }
  const move = async () => {
    await documentsApi.sandboxAdvance(shipment.awb, target);
    const tracked = await documentsApi.track(shipment.awb);
    app.notify({ type: 'success', title: 'Paket digerakkan di sandbox JNE.', desc: `${tracked.awb}: ${tracked.statusLabel}` });
  };
  return (
    <div className="bj-sandbox-control" role="group" aria-label={`Sandbox JNE · ${shipment.awb}`}>
      <p className="bj-sandbox-control__note">
        <strong>Mode demo:</strong> gerakkan paket ini di sandbox JNE seolah kurir bekerja. Tidak ada di instalasi produksi.
      </p>
      <label className="bj-filters__field">
        <span>Status paket</span>
        <select className="bj-field__input" value={target} onChange={(event) => setTarget(event.target.value as SandboxParcelStatus)}>
          {SANDBOX_PARCEL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {shipmentStatusLabels[status]}
            </option>
          ))}
        </select>
      </label>
      <BusyButton label="Gerakkan paket" busyLabel="Menggerakkan…" run={move} writes />
    </div>
  );
}
