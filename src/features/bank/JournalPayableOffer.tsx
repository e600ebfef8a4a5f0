import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { formatDate, formatRupiah } from '../../lib/format';
import { ledgerApi, type JournalSummary } from '../../lib/ledger-api';
import { useServerData, type ServerData } from '../../lib/server-data';

/** True when `date` ('YYYY-MM-DD') is the last day of its month. */
function isMonthEnd(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate() === day;
}

/** The journal's summary of `period` for the offer, asked once per month shown (and only when `wanted`: an admin's form). */
export function useJournalSummary(period: string, wanted: boolean): ServerData<JournalSummary | null> {
  return useServerData(wanted ? ['ledger', 'summary', period] : null, (signal) => ledgerApi.summary(period, signal));
}

/**
 * Beside Neraca's "Utang bunga" (DOMAIN.md: the line can be filled from the accrued interest
 * payable at the month's end): the month's BYMHD closing from the journal's summary, offered as a
 * button that fills the field. Nothing is saved: staff still save the form.
 */
export function JournalPayableOffer({ summary, onFill }: { summary: ServerData<JournalSummary | null>; onFill: (amount: number) => void }) {
  const [filled, setFilled] = useState(false);
  if (summary.status === 'error') {
    return (
      <p className="bj-field__hint bj-balance-offer" role="status">
        BYMHD dari jurnal tidak dapat dimuat: {errorMessage(summary.error)}{' '}
        <button type="button" className="bj-button bj-button--ghost" onClick={summary.reload}>
          Coba lagi
        </button>
      </p>
    );
  }
  const payable = summary.data?.accounts.find((account) => account.role === 'interestPayable');
  if (!summary.data || !payable) {
    return (
      <button type="button" className="bj-button bj-button--secondary bj-balance-offer" disabled>
        Isi dari jurnal (memuat BYMHD…)
      </button>
    );
  }
  const asOf = isMonthEnd(summary.data.to) ? 'akhir bulan' : `per ${formatDate(summary.data.to)}`;
  return (
    <>
      <button
        type="button"
        className="bj-button bj-button--secondary bj-balance-offer"
        onClick={() => {
          onFill(payable.closing);
          setFilled(true);
        }}
      >
        {/* One flex item (the button is inline-flex), so the amount only keeps itself on one line. */}
        <span>
          Isi dari jurnal (BYMHD {asOf}: <span className="bj-nowrap">{formatRupiah(payable.closing)}</span>)
        </span>
      </button>
      {filled ? (
        <p className="bj-field__hint" role="status">
          Diisi dari saldo BYMHD jurnal. Simpan neraca untuk menyimpannya.
        </p>
      ) : null}
    </>
  );
}
