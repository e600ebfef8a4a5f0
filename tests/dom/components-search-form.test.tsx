/**
 * The search box of Bunga Bulanan and Pencairan: applied on submit (trimmed), cleared in one
 * click, and kept in the URL through useQueryState — a shared link or Back shows the same search
 * in the box and goes back to page 1 when it changes.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '@src/components/SearchForm';
import { useQueryState } from '@src/lib/use-query-state';

afterEach(cleanup);

describe('SearchForm', () => {
  it('submits the trimmed text; offers "Hapus pencarian" only while a search is applied', () => {
    const onSearch = vi.fn();
    const { rerender } = render(<SearchForm value="" onSearch={onSearch} />);
    expect(screen.queryByRole('button', { name: 'Hapus pencarian' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: '  Budi Santoso ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cari' }));
    expect(onSearch).toHaveBeenLastCalledWith('Budi Santoso');
    rerender(<SearchForm value="Budi Santoso" onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus pencarian' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('keeps the search in the URL with the other filters, back to page 1, and shows the URL’s search after Back', async () => {
    const DEFAULTS = { period: '2026-03', status: '', q: '', page: '1' };
    function Screen() {
      const [state, update] = useQueryState(DEFAULTS);
      return (
        <>
          <SearchForm value={state.q} onSearch={(q) => update({ q })} />
          <p data-testid="search">{useLocation().search}</p>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/deposito/bunga', element: <Screen /> }], { initialEntries: ['/deposito/bunga?period=2026-02&page=3'] });
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: '3273' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?period=2026-02&q=3273'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari' }), { target: { value: 'siti' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?period=2026-02&q=siti'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Cari' }) as HTMLInputElement).value).toBe('3273'));
  });
});
