import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { formatDate } from '../../lib/format';
import { blankHoliday, holidayYears, nextHolidayYear, type HolidayDraft } from './settings-form';

interface HolidaysEditorProps {
  rows: HolidayDraft[];
  /** The decree each year's default list comes from (SKB), shown under its year. */
  decrees: Record<string, string>;
  today: string;
  /** Absent: read only. */
  onChange?: (rows: HolidayDraft[]) => void;
}

/**
 * The bank's holidays by year: date and name, rows added and removed within a year (a row's date
 * is kept inside its year), and a next year opened with "Tambah tahun". Read only without onChange.
 * A year is a disclosure, only this year's open at first: two years of the decree lists are some
 * fifty rows, and staff usually look at one year.
 */
export function HolidaysEditor({ rows, decrees, today, onChange }: HolidaysEditorProps) {
  const edit = (key: string, change: Partial<HolidayDraft>) => onChange?.(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const years = holidayYears(rows);
  const nextYear = nextHolidayYear(rows, today);
  const thisYear = today.slice(0, 4);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([years.some((group) => group.year === thisYear) ? thisYear : (years.at(-1)?.year ?? thisYear)]));
  const toggle = (year: string, isOpen: boolean) =>
    setOpen((previous) => {
      if (previous.has(year) === isOpen) return previous;
      const next = new Set(previous);
      if (isOpen) next.add(year);
      else next.delete(year);
      return next;
    });
  return (
    <div className="bj-holidays">
      {years.length === 0 ? <p className="bj-muted">Belum ada hari libur.</p> : null}
      {years.map(({ year, rows: yearRows }) => (
        <details key={year} className="bj-holidays__year" open={open.has(year)} onToggle={(event) => toggle(year, event.currentTarget.open)}>
          <summary className="bj-holidays__title">
            {year} <span className="bj-muted">· {yearRows.length} hari libur</span>
          </summary>
          {decrees[year] ? <p className="bj-field__hint bj-holidays__decree">{decrees[year]}</p> : null}
          <table className="bj-table bj-table--form">
            <caption className="bj-visually-hidden">Hari libur {year}</caption>
            <thead>
              <tr>
                <th scope="col">Tanggal</th>
                <th scope="col">Nama hari libur</th>
                {onChange ? (
                  <th scope="col">
                    <span className="bj-visually-hidden">Aksi</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {yearRows.map((row, index) =>
                onChange ? (
                  <tr key={row.key}>
                    <td className="bj-holidays__date">
                      <DateField
                        label={`Tanggal libur ${year} baris ${index + 1}`}
                        labelClassName="bj-visually-hidden"
                        value={row.date}
                        min={`${year}-01-01`}
                        max={`${year}-12-31`}
                        onChange={(date) => edit(row.key, { date })}
                        required
                      />
                    </td>
                    <td className="bj-holidays__name">
                      <input
                        className="bj-field__input"
                        type="text"
                        aria-label={`Nama hari libur ${year} baris ${index + 1}`}
                        value={row.name}
                        maxLength={100}
                        onChange={(event) => edit(row.key, { name: event.target.value })}
                      />
                    </td>
                    <td className="bj-num">
                      <button
                        type="button"
                        className="bj-button bj-button--ghost"
                        aria-label={`Hapus hari libur ${row.name || `${year} baris ${index + 1}`}`}
                        onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                      >
                        Hapus
                      </button>
                    </td>
                  </tr>
                ) : (
                  <tr key={row.key}>
                    <td>{formatDate(row.date)}</td>
                    <td className="bj-wrap">{row.name}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          {onChange ? (
            <button type="button" className="bj-button bj-button--secondary" onClick={() => onChange([...rows, blankHoliday(year)])}>
              Tambah hari libur {year}
            </button>
          ) : null}
        </details>
      ))}
      {onChange ? (
        <button
          type="button"
          className="bj-button bj-button--secondary"
          onClick={() => {
            toggle(nextYear, true);
            onChange([...rows, blankHoliday(nextYear)]);
          }}
        >
          Tambah tahun {nextYear}
        </button>
      ) : null}
    </div>
  );
}
