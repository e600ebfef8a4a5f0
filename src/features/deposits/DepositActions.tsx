import type { DepositEventType } from '@contract/deposit';
import type { BlockedEvent } from '../../lib/deposit-api';
import { actionLabel } from './deposit-actions';

interface DepositActionsProps {
  offered: readonly DepositEventType[];
  blocked: readonly BlockedEvent[];
  onOpen: (type: DepositEventType) => void;
}

/**
 * The action menu: what this user may start today, then what their role could do in this state
 * but may not today — disabled, with the machine's reason in plain view, so nobody fills in a
 * form only to be refused.
 */
export function DepositActions({ offered, blocked, onOpen }: DepositActionsProps) {
  return (
    <section className="bj-card bj-actions" aria-labelledby="deposit-actions">
      <h2 id="deposit-actions" className="bj-card__title">
        Aksi
      </h2>
      {offered.length > 0 ? (
        <ul className="bj-actions__list" data-testid="deposit-actions">
          {offered.map((type) => (
            <li key={type}>
              <button type="button" className="bj-button bj-button--secondary" onClick={() => onOpen(type)}>
                {actionLabel(type)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {blocked.length > 0 ? (
        <ul className="bj-actions__blocked" data-testid="deposit-actions-blocked">
          {blocked.map((item) => (
            <li key={item.type} className="bj-actions__blocked-item">
              <button type="button" className="bj-button bj-button--secondary" disabled aria-describedby={`blocked-${item.type}`}>
                {actionLabel(item.type)}
              </button>
              <span id={`blocked-${item.type}`} className="bj-actions__why">
                {item.reason}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {offered.length === 0 && blocked.length === 0 ? (
        <p className="bj-muted" data-testid="deposit-actions-none">
          Tidak ada aksi yang dapat Anda lakukan pada deposito ini hari ini.
        </p>
      ) : null}
    </section>
  );
}
