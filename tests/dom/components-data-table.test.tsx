import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListMeta } from '@contract/envelope';
import { DataTable, type DataColumn } from '@src/components/DataTable';
import type { ServerData } from '@src/lib/server-data';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
  amount: number;
  paid: boolean;
}

type ListPage = { data: Row[]; meta: ListMeta };

const ROWS: Row[] = [
  { id: 'a', name: 'Maya Wijaya', amount: 1_500_000, paid: false },
  { id: 'b', name: 'Budi Santoso', amount: 250_000, paid: true },
  { id: 'c', name: 'Sari Dewi', amount: 75_000, paid: false },
];

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Nasabah', wrap: true, cell: (row) => row.name },
  { key: 'amount', header: 'Nominal', numeric: true, title: (row) => `Nominal ${row.id}`, cell: (row) => `Rp ${row.amount.toLocaleString('id-ID')}` },
  { key: 'state', header: <em>Status</em>, cell: (row) => (row.paid ? 'Dibayar' : 'Belum') },
];

function page(rows: Row[], total = rows.length): ListPage {
  return { data: rows, meta: { page: 1, limit: 20, total, totalPages: Math.ceil(total / 20) } };
}

const ready = (data: ListPage): ServerData<ListPage> => ({ status: 'ready', data, error: null, reload: () => {} });

function renderTable(list: ServerData<ListPage>, extra: { onPage?: (page: number) => void } = {}) {
  return render(
    <DataTable list={list} columns={columns} rowKey={(row) => row.id} caption="Daftar uji" empty={{ title: 'Tidak ada data.', body: 'Coba filter lain.' }} onPage={extra.onPage ?? (() => {})} />,
  );
}

describe('DataTable', () => {
  it('renders the caption, column headers and one row of cells per item, in order', () => {
    renderTable(ready(page(ROWS)));
    const table = screen.getByRole('table', { name: 'Daftar uji' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nasabah', 'Nominal', 'Status']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent))).toEqual([
      ['Maya Wijaya', 'Rp 1.500.000', 'Belum'],
      ['Budi Santoso', 'Rp 250.000', 'Dibayar'],
      ['Sari Dewi', 'Rp 75.000', 'Belum'],
    ]);
    expect(table.closest('.bj-table-wrap')?.getAttribute('aria-busy')).toBe('false');
  });

  it('numeric columns get bj-num on header and cells, wrapping columns bj-wrap on cells only, others no class', () => {
    renderTable(ready(page(ROWS)));
    const [nameHeader, amountHeader, stateHeader] = screen.getAllByRole('columnheader');
    expect(amountHeader?.className).toBe('bj-num');
    expect(nameHeader?.hasAttribute('class')).toBe(false);
    expect(stateHeader?.hasAttribute('class')).toBe(false);
    expect(nameHeader?.getAttribute('scope')).toBe('col');
    const amountCell = screen.getByText('Rp 1.500.000');
    expect(amountCell.className).toBe('bj-num');
    expect(amountCell.getAttribute('title')).toBe('Nominal a');
    expect(screen.getByText('Maya Wijaya').className).toBe('bj-wrap');
    expect(screen.getAllByText('Belum')[0]?.hasAttribute('class')).toBe(false);
  });

  it('shows the empty state title and body when the list has no rows, and no table or pagination', () => {
    renderTable(ready(page([])));
    const state = screen.getByRole('status');
    expect(within(state).getByText('Tidak ada data.')).toBeTruthy();
    expect(within(state).getByText('Coba filter lain.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Halaman' })).toBeNull();
  });

  it("shows the error state with the server's message and a retry that reloads", () => {
    const reload = vi.fn();
    renderTable({ status: 'error', data: null, error: { statusCode: 503, message: 'Server sedang sibuk.' }, reload });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Data tidak dapat dimuat.')).toBeTruthy();
    expect(within(alert).getByText('Server sedang sibuk.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state before the first answer, then keeps the old rows marked busy while a newer page loads', () => {
    const { rerender } = renderTable({ status: 'loading', data: null, error: null, reload: () => {} });
    expect(screen.getByRole('status').textContent).toBe('Memuat data…');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <DataTable
        list={{ status: 'loading', data: page(ROWS), error: null, reload: () => {} }}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Daftar uji"
        empty={{ title: 'Tidak ada data.' }}
        onPage={() => {}}
      />,
    );
    expect(screen.queryByText('Memuat data…')).toBeNull();
    expect(screen.getByRole('table').closest('.bj-table-wrap')?.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the pagination below the rows and passes the chosen page on', () => {
    const onPage = vi.fn();
    renderTable(ready(page(ROWS, 45)), { onPage });
    expect(screen.getByText('Halaman 1 dari 3 · 45 data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

describe('DataTable row selection', () => {
  function Selectable({ onSelected }: { onSelected: (keys: string[]) => void }) {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
    onSelected([...selected].sort());
    return (
      <DataTable
        list={ready(page(ROWS))}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Daftar uji"
        empty={{ title: 'Tidak ada data.' }}
        onPage={() => {}}
        selection={{ selected, onChange: setSelected, selectAllLabel: 'Pilih semua', rowLabel: (row) => `Pilih ${row.name}`, canSelect: (row) => !row.paid }}
      />
    );
  }

  it('offers a checkbox only on selectable rows; "select all" takes exactly those and toggles back off', () => {
    const seen: string[][] = [];
    render(<Selectable onSelected={(keys) => seen.push(keys)} />);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Pilih semua', 'Pilih Maya Wijaya', 'Pilih Sari Dewi']);
    const budiRow = screen.getByText('Budi Santoso').closest('tr');
    expect(budiRow?.querySelector('td.bj-table__check')?.childElementCount).toBe(0);

    const all = screen.getByRole('checkbox', { name: 'Pilih semua' }) as HTMLInputElement;
    fireEvent.click(all);
    expect(seen.at(-1)).toEqual(['a', 'c']);
    expect(all.checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    expect(seen.at(-1)).toEqual(['a']);
    expect(all.checked).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilih Sari Dewi' }));
    fireEvent.click(all);
    expect(seen.at(-1)).toEqual([]);
  });

  it('disables "select all" when no row on the page can be chosen', () => {
    render(
      <DataTable
        list={ready(page(ROWS.filter((row) => row.paid)))}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Daftar uji"
        empty={{ title: 'Tidak ada data.' }}
        onPage={() => {}}
        selection={{ selected: new Set(), onChange: () => {}, selectAllLabel: 'Pilih semua', rowLabel: (row) => `Pilih ${row.name}`, canSelect: (row) => !row.paid }}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Pilih semua' }) as HTMLInputElement;
    expect(all.disabled).toBe(true);
    expect(all.checked).toBe(false);
  });
});
