import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from '@src/components/Pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('shows nothing before the list answers, or when the list is empty', () => {
    const { container, rerender } = render(<Pagination meta={undefined} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination meta={{ page: 1, limit: 20, total: 0, totalPages: 0 }} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('tells where the user is in Indonesian and moves a page either way, never past the ends', () => {
    const onPage = vi.fn();
    render(<Pagination meta={{ page: 2, limit: 20, total: 2400, totalPages: 120 }} onPage={onPage} />);
    expect(screen.getByText('Halaman 2 dari 120 · 2.400 data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sebelumnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
    cleanup();
    render(<Pagination meta={{ page: 1, limit: 20, total: 5, totalPages: 1 }} onPage={onPage} />);
    expect((screen.getByRole('button', { name: 'Sebelumnya' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Berikutnya' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
