import { PRODUCT_LIMITS } from '@contract/product';
import { StatusBadge } from '../../components/StatusBadge';
import { readPercentBps } from '../../lib/number-input';
import { newRowKey, type TenorDraft } from './product-form';

interface TenorRatesEditorProps {
  rows: TenorDraft[];
  onChange: (rows: TenorDraft[]) => void;
  /** The LPS guaranteed rate in force today, when known: a rate above it is marked "Tidak dijamin LPS". */
  lpsRateBps: number | null;
}

/** The tenor table of a product: months and the yearly rate (decimal comma), rows added and removed in place. */
export function TenorRatesEditor({ rows, onChange, lpsRateBps }: TenorRatesEditorProps) {
  const edit = (key: string, change: Partial<TenorDraft>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const aboveLps = (rate: string) => {
    const reading = readPercentBps(rate, '');
    return lpsRateBps !== null && reading.ok && reading.value > lpsRateBps;
  };
  return (
    <div className="bj-rows-editor">
      <table className="bj-table bj-table--form">
        <caption className="bj-visually-hidden">Tenor dan suku bunga</caption>
        <thead>
          <tr>
            <th scope="col">Tenor (bulan)</th>
            <th scope="col">Suku bunga (% per tahun)</th>
            <th scope="col">
              <span className="bj-visually-hidden">Aksi</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>
                <input
                  className="bj-field__input bj-input--short"
                  type="text"
                  inputMode="numeric"
                  aria-label={`Tenor baris ${index + 1} (bulan)`}
                  value={row.months}
                  onChange={(event) => edit(row.key, { months: event.target.value })}
                />
              </td>
              <td>
                <span className="bj-affixed">
                  <input
                    className="bj-field__input bj-affixed__input bj-input--short"
                    type="text"
                    inputMode="decimal"
                    placeholder="5,75"
                    aria-label={`Suku bunga baris ${index + 1} (%)`}
                    value={row.rate}
                    onChange={(event) => edit(row.key, { rate: event.target.value })}
                  />
                  <span className="bj-affixed__unit" aria-hidden="true">
                    %
                  </span>
                  {aboveLps(row.rate) ? <StatusBadge label="Tidak dijamin LPS" tone="danger" /> : null}
                </span>
              </td>
              <td className="bj-num">
                <button
                  type="button"
                  className="bj-button bj-button--ghost"
                  aria-label={`Hapus tenor baris ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                >
                  Hapus
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="bj-button bj-button--secondary"
        disabled={rows.length >= PRODUCT_LIMITS.maxTenors}
        onClick={() => onChange([...rows, { key: newRowKey(), months: '', rate: '' }])}
      >
        Tambah tenor
      </button>
    </div>
  );
}
