import { useState } from 'react';
import { useAppActors } from '../../../app/actors-context';
import { EmptyState } from '../../../components/DataState';
import type { DepositDetail } from '../../../lib/deposit-api';
import { documentsApi, type ShipmentAnswer } from '../../../lib/documents-api';
import type { Submission } from '../../../app/use-submit';
import { bilyetStepCopy, stepsForBilyet, type BilyetStepKind } from './bilyet-steps';
import { BusyButton } from '../../../components/BusyButton';
import { SandboxParcelControl } from './SandboxParcelControl';
import { CancelPickupDialog, mayCancelPickup, mayTrack, printResi } from './shipment-actions';
import { ShipmentView } from './ShipmentView';

/** The steps that send the bilyet out, offered here too when the bilyet machine allows them. */
const SHIPPING_STEPS: readonly BilyetStepKind[] = ['bookPickup', 'recordResi'];

/**
 * The detail's "Pengiriman" tab: every shipment of the bilyet (newest first) with its tracking
 * history, and per shipment the label, a tracking refresh and the pickup's cancellation (in the
 * demo also the sandbox's control that moves the parcel). Each change has the detail read again:
 * tracking may have marked the bilyet received.
 */
export function ShipmentsTab({ deposit, submission, onStep }: { deposit: DepositDetail; submission: Submission; onStep: (kind: BilyetStepKind) => void }) {
  const app = useAppActors();
  const [cancelling, setCancelling] = useState<ShipmentAnswer | null>(null);
  const shipping = stepsForBilyet(deposit.bilyet).filter((kind) => SHIPPING_STEPS.includes(kind));

  const track = async (shipment: ShipmentAnswer) => {
    const tracked = await documentsApi.track(shipment.awb);
    app.notify({ type: 'success', title: 'Pelacakan diperbarui.', desc: `${tracked.awb}: ${tracked.statusLabel}` });
  };

  return (
    <>
      {shipping.length > 0 ? (
        <div className="bj-row-actions bj-tab-actions">
          {shipping.map((kind) => (
            <button key={kind} type="button" className="bj-button bj-button--secondary" onClick={() => onStep(kind)}>
              {bilyetStepCopy[kind].label}
            </button>
          ))}
        </div>
      ) : null}
      {deposit.shipments.length === 0 ? (
        <EmptyState title="Belum ada pengiriman bilyet." />
      ) : (
        deposit.shipments.map((shipment) => (
          <section key={shipment.id} className="bj-card bj-shipment" aria-label={`Pengiriman ${shipment.courier} ${shipment.awb}`}>
            <div className="bj-toolbar bj-shipment__head">
              <h2 className="bj-card__title">
                {shipment.courier} · {shipment.awb}
              </h2>
              {shipment.booked ? <BusyButton label="Cetak resi" busyLabel="Menyiapkan…" run={() => printResi(shipment)} /> : null}
              {mayTrack(shipment) ? <BusyButton label="Perbarui pelacakan" busyLabel="Menghubungi JNE…" run={() => track(shipment)} writes /> : null}
              {shipment.booked && mayCancelPickup(shipment.status) ? (
                <button type="button" className="bj-button bj-button--secondary" onClick={() => setCancelling(shipment)}>
                  Batalkan penjemputan
                </button>
              ) : null}
            </div>
            {app.mode === 'demo' && mayTrack(shipment) ? <SandboxParcelControl shipment={shipment} /> : null}
            <ShipmentView shipment={shipment} withResi={false} />
          </section>
        ))
      )}
      {cancelling ? (
        <CancelPickupDialog depositNumber={deposit.depositNumber} shipment={async () => cancelling} submission={submission} onClose={() => setCancelling(null)} />
      ) : null}
    </>
  );
}
