import type { ShipmentStatus } from '@contract/deposit';
import { StatusBadge, type BadgeTone } from '../../../components/StatusBadge';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { ShipmentAnswer } from '../../../lib/documents-api';

const shipmentTones: Record<ShipmentStatus, BadgeTone> = {
  requested: 'info',
  pickedUp: 'warning',
  inTransit: 'warning',
  delivered: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

/**
 * One shipment: where the bilyet is, who took it, and the courier's tracking history (newest
 * first). `withResi: false` where a heading already names the courier and resi.
 */
export function ShipmentView({ shipment, withResi = true }: { shipment: ShipmentAnswer; withResi?: boolean }) {
  const history = [...shipment.history].reverse();
  return (
    <>
      <dl className="bj-facts bj-facts--compact">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge label={shipment.statusLabel} tone={shipmentTones[shipment.status]} />
          </dd>
        </div>
        {withResi ? (
          <div>
            <dt>Kurir · nomor resi</dt>
            <dd>
              {shipment.courier} · {shipment.awb}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Penjemputan</dt>
          <dd>{shipment.pickupDate ? `${formatDate(shipment.pickupDate)}${shipment.pickupTime ? ` ${shipment.pickupTime.replace(':', '.')} WIB` : ''}` : '-'}</dd>
        </div>
        <div>
          <dt>Diterima oleh</dt>
          <dd>{shipment.receiverName ? `${shipment.receiverName} · ${formatDateTime(shipment.deliveredAt)}` : '-'}</dd>
        </div>
        <div>
          <dt>Terakhir dilacak</dt>
          <dd>{formatDateTime(shipment.trackedAt)}</dd>
        </div>
      </dl>
      {history.length === 0 ? (
        <p className="bj-muted">Belum ada riwayat pelacakan dari kurir.</p>
      ) : (
        <div className="bj-table-wrap">
          <table className="bj-table">
            <caption className="bj-visually-hidden">Riwayat pelacakan {shipment.awb}</caption>
            <thead>
              <tr>
                <th scope="col">Waktu</th>
                <th scope="col">Keterangan</th>
                <th scope="col">Lokasi</th>
              </tr>
            </thead>
            <tbody>
              {history.map((event, index) => (
                <tr key={`${event.at}-${event.code}-${index}`}>
                  <td>{formatDateTime(event.at)}</td>
                  <td className="bj-wrap">{event.description}</td>
                  <td className="bj-wrap">{event.location ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
