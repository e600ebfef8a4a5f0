import { DateField } from '../../components/DateField';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { blankLpsRate, type LpsRateDraft } from './settings-form';

interface LpsRatesEditorProps {
  rows: LpsRateDraft[];
  /** The date of the rate in force today (from the saved settings), marked "Berlaku sekarang". */
  inForceFrom: string | null;
  /** Absent: read only. */
  onChange?: (rows: LpsRateDraft[]) => void;
}

/** The LPS guaranteed rate (TBP) with the date each takes effect; rows added and removed in place. */
export function LpsRatesEditor({ rows, inForceFrom, onChange }: LpsRatesEditorProps) {
  const edit = (key: string, change: Partial<LpsRateDraft>) => onChange?.(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <div className="bj-rows-editor">
      <table className="bj-table bj-table--form">
        <caption className="bj-visually-hidden">Tingkat bunga penjaminan LPS</caption>
        <thead>
          <tr>
            <th scope="col">Berlaku mulai</th>
            <th scope="col">Tingkat bunga (% per tahun)</th>
            {onChange ? (
              <th scope="col">
                <span className="bj-visually-hidden">Aksi</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const current = row.effectiveFrom !== '' && row.effectiveFrom === inForceFrom ? <StatusBadge label="Berlaku sekarang" tone="success" /> : null;
            return onChange ? (
              <tr key={row.key}>
                <td className="bj-holidays__date">
                  <DateField label={`Berlaku mulai LPS baris ${index + 1}`} labelClassName="bj-visually-hidden" value={row.effectiveFrom} onChange={(effectiveFrom) => edit(row.key, { effectiveFrom })} required />
                </td>
                <td>
                  <span className="bj-affixed">
                    <input
                      className="bj-field__input bj-affixed__input bj-input--short"
                      type="text"
                      inputMode="decimal"
                      placeholder="6,00"
                      aria-label={`Tingkat bunga LPS baris ${index + 1} (%)`}
                      value={row.rate}
                      onChange={(event) => edit(row.key, { rate: event.target.value })}
                    />
                    <span className="bj-affixed__unit" aria-hidden="true">
                      %
                    </span>
                    {current}
                  </span>
                </td>
                <td className="bj-num">
                  <button
                    type="button"
                    className="bj-button bj-button--ghost"
                    aria-label={`Hapus tingkat bunga LPS baris ${index + 1}`}
                    disabled={rows.length === 1}
                    onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                  >
                    Hapus
                  </button>
                </td>
              </tr>
            ) : (
              <tr key={row.key}>
                <td>{formatDate(row.effectiveFrom)}</td>
                <td>
                  {row.rate}% {current}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {onChange ? (
        <button type="button" className="bj-button bj-button--secondary" onClick={() => onChange([...rows, blankLpsRate()])}>
          Tambah tingkat bunga LPS
        </button>
      ) : null}
    </div>
  );
}
