/**
 * Server state through one layer (issue 20, src/lib/server-data.ts): a write's success has what it
 * changed read again without a reload — the list's status counts after a bulk approval, Beranda's
 * counts after an approval on the detail, whose own answer is shown without asking again; views
 * asking the same key share one request; a newer question aborts the older one; nothing one
 * user read outlives their session.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { useServerData } from '@src/lib/server-data';
import { createQueryClient } from '@src/lib/query-client';
import { deposit } from './support/deposit-fixture';
import { fakeBprServer, ok, page, refused, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { FreshCache } from './support/fresh-cache';
import { openApp } from './support/open-app';
import { OPERATOR, openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const SUPERVISOR: User = { ...OPERATOR, id: 'usr-sv', name: 'Supervisor Demo', role: 'SUPERVISOR' };

const pending = deposit({ id: 'dep-1', status: 'pending', statusLabel: 'Menunggu persetujuan', allowedEvents: ['deposit.approve'] });
const approved = deposit({ id: 'dep-1', status: 'approved', statusLabel: 'Disetujui', allowedEvents: [] });

/** The bank as the fake server holds it: one deposit, pending until it is approved. */
function bank() {
  const state = { approved: false };
  const counts = () => ({ total: 1, counts: { pending: state.approved ? 0 : 1, approved: state.approved ? 1 : 0 } });
  const unprocessed = () => ({ pending: state.approved ? 0 : 1, breakRequested: 0, matured: 0, disbursing: 0, bilyetToIssue: 0, total: state.approved ? 0 : 1 });
  const answer = (request: SeenRequest): FakeAnswer => {
    if (request.path === '/invoice/all-deposito') return page(state.approved && request.query.get('status') === 'pending' ? [] : [state.approved ? approved : pending]);
    if (request.path === '/invoice/list-count-all-deposito') return ok(counts());
    if (request.path === '/bpr/count-unprocessed-deposito') return ok(unprocessed());
    if (request.path === '/deposito/dep-1') return ok(state.approved ? approved : pending);
    if (request.path === '/deposito/approve-deposito') {
      state.approved = true;
      return ok({ approved: 1, refused: 0, results: [{ depositId: 'dep-1', depositNumber: pending.depositNumber, approved: true, status: 'approved', message: null }] });
    }
    if (request.path === '/deposito/dep-1/events') {
      state.approved = true;
      return ok(approved);
    }
    // The rest of Beranda (documents, due dates, the chart, the month) is not this test's.
    return refused(404, 'Tidak ada di tes ini.');
  };
  return { answer };
}

const asked = (requests: readonly SeenRequest[], path: string) => requests.filter((request) => request.method === 'GET' && request.path === path).length;

describe('a write has what it changed read again', () => {
  it('approving on the list changes the status counts and the list without a reload: the counts are asked again', async () => {
    const { server } = openStaffScreen('/deposito?status=pending', bank().answer, SUPERVISOR);
    await screen.findByRole('link', { name: pending.depositNumber }, SCREEN_LOAD);
    expect(screen.getByTestId('tab-count-pending').textContent).toBe('1');
    const countsBefore = asked(server.requests, '/invoice/list-count-all-deposito');

    fireEvent.click(screen.getByRole('checkbox', { name: `Pilih ${pending.depositNumber}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Setujui terpilih (1)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Setujui' }));

    await waitFor(() => expect(screen.getByTestId('tab-count-pending').textContent).toBe('0'));
    expect(screen.getByTestId('tab-count-approved').textContent).toBe('1');
    expect(asked(server.requests, '/invoice/list-count-all-deposito')).toBe(countsBefore + 1);
    // The pending list was read again too: the approved deposit left it.
    await screen.findByText('Tidak ada deposito.');
    expect(server.writes().map((request) => request.path)).toEqual(['/deposito/approve-deposito']);
  });

  it("approving on the detail shows the transition's answer without asking again, and Beranda's counts follow", { timeout: 20_000 }, async () => {
    // Answers never go stale by time here: only the approval's invalidation can have Beranda read again.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: Infinity } });
    const { server, router } = openStaffScreen('/home', bank().answer, SUPERVISOR, { queryClient });
    await waitFor(() => expect(screen.getByTestId('unprocessed-pending').textContent).toContain('1'), SCREEN_LOAD);

    await act(() => router.navigate('/deposito/dep-1'));
    await screen.findByRole('heading', { name: `Deposito ${pending.depositNumber}` }, SCREEN_LOAD);
    fireEvent.click(within(screen.getByTestId('deposit-actions')).getByRole('button', { name: 'Setujui' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Setujui' }));
    await screen.findByText('Disetujui');
    // The answer is the detail as it is now: shown as it is, not fetched again.
    expect(asked(server.requests, '/deposito/dep-1')).toBe(1);

    await act(() => router.navigate('/home'));
    await waitFor(() => expect(screen.getByTestId('unprocessed-pending').textContent).toContain('0'), SCREEN_LOAD);
    expect(asked(server.requests, '/bpr/count-unprocessed-deposito')).toBe(2);
  });
});

describe('one question, one request', () => {
  function Answer({ name, load }: { name: string; load: (signal: AbortSignal) => Promise<string> }) {
    const answer = useServerData(['deposits', 'counts', { q: 'Maya' }], load);
    return <p data-testid={name}>{answer.data ?? '…'}</p>;
  }

  it('two views asking the same key make one request and show the same answer', async () => {
    const load = vi.fn(async () => 'satu jawaban');
    render(
      <FreshCache>
        <Answer name="tabs" load={load} />
        <Answer name="summary" load={load} />
      </FreshCache>,
    );
    await waitFor(() => expect(screen.getByTestId('summary').textContent).toBe('satu jawaban'));
    expect(screen.getByTestId('tabs').textContent).toBe('satu jawaban');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('changing a filter aborts the request of the previous one', async () => {
    const { server } = openStaffScreen('/deposito', (request) => {
      if (request.path === '/invoice/all-deposito') {
        // Every deposit is slow to list; the pending ones come at once.
        return request.query.get('status') === 'pending' ? page([pending]) : new Promise<FakeAnswer>(() => undefined);
      }
      if (request.path === '/invoice/list-count-all-deposito') return ok({ total: 1, counts: { pending: 1 } });
      return ok([]);
    });
    await waitFor(() => expect(server.requests.some((request) => request.path === '/invoice/all-deposito')).toBe(true), SCREEN_LOAD);
    const slow = server.requests.find((request) => request.path === '/invoice/all-deposito')!;
    expect(slow.signal?.aborted).toBe(false);

    fireEvent.click(await screen.findByRole('tab', { name: /^Menunggu Persetujuan/ }));
    await screen.findByRole('link', { name: pending.depositNumber });
    expect(slow.signal?.aborted).toBe(true);
  });
});

describe("one session's answers", () => {
  it('are forgotten when the session ends: whoever signs in next is shown none of them', async () => {
    const server = fakeBprServer(bank().answer);
    vi.stubGlobal('fetch', server.fetch);
    const queryClient = createQueryClient();
    const { app } = openApp('/deposito', { user: SUPERVISOR, queryClient, api: { logout: vi.fn(async () => null) } });
    try {
      await screen.findByRole('link', { name: pending.depositNumber }, SCREEN_LOAD);
      expect(queryClient.getQueryCache().findAll({ queryKey: ['deposits'] })).not.toHaveLength(0);
      act(() => app.logout());
      await screen.findByRole('button', { name: 'Masuk' }, SCREEN_LOAD);
      expect(queryClient.getQueryCache().findAll({ queryKey: ['deposits'] })).toHaveLength(0);
    } finally {
      app.stop();
    }
  });
});
