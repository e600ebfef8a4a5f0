import type { DisbursementRow } from '../../lib/deposit-api';

/**
 * A pending payout's action in Pencairan, as the server's deposit machine answered for this user:
 * "Catat pembayaran" when allowed; disabled with the reason in view when refused (the bilyet not
 * back yet), so nobody fills in the transfer form to hear it afterwards; otherwise it is another
 * role's to record.
 */
export function PayoutAction({ row, onPay }: { row: DisbursementRow; onPay: (row: DisbursementRow) => void }) {
  if (row.allowedEvents.includes('deposit.markPaid')) {
    return (
      <button type="button" className="bj-button bj-button--secondary" onClick={() => onPay(row)}>
        Catat pembayaran
      </button>
    );
  }
  const blocked = row.blockedEvents.find((item) => item.type === 'deposit.markPaid');
  if (blocked) {
    const id = `payout-blocked-${row.id}`;
    return (
      <span className="bj-actions__blocked-item">
        <button type="button" className="bj-button bj-button--secondary" disabled aria-describedby={id}>
          Catat pembayaran
        </button>
        <span id={id} className="bj-actions__why">
          {blocked.reason}
        </span>
      </span>
    );
  }
  return <span className="bj-muted">Menunggu supervisor</span>;
}
