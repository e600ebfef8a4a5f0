/**
 * Bunga Bulanan (issue 17, items 1 and 11): the screen opens on the installments due for payment
 * and its transfer template asks for exactly the screen's filters; the month list reaches the
 * month a holiday carries this month's last installments into.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import type { AppActors } from '@src/app/actors';
import type { MonthlyInterestRow } from '@src/lib/deposit-api';
import { TEMPLATE_ONLY_DUE } from '@src/features/interest/MonthlyInterestScreen';
import { fakeBprServer, ok, page, type SeenRequest } from './support/fake-bpr-server';
import { openApp } from './support/open-app';

const supervisor: User = {
  id: 'usr-sv',
  name: 'Supervisor Demo',
  email: 'supervisor@bpr-demo.test',
  phone: null,
  role: 'SUPERVISOR',
  bpr: { id: 'bpr-1', name: 'BPR Demo Sejahtera', logoUrl: null },
};

const SCREEN_LOAD = { timeout: 10_000 };

// Due 31 December 2026, moved by the 1 January holiday and the weekend to Monday 4 January 2027.
const moved: MonthlyInterestRow = {
  id: 'ins-jan',
  depositId: 'dep-1',
  periodNumber: 1,
  sequence: 3,
  periodStart: '2026-11-30',
  periodEnd: '2026-12-31',
  payDate: '2027-01-04',
  grossInterest: 100_000,
  tax: 20_000,
  netInterest: 80_000,
  status: 'scheduled',
  statusLabel: 'Terjadwal',
  paidAt: null,
  reference: null,
  depositNumber: 'DEP-DS-2609-0001',
  customerId: 'cus-1',
  customerName: 'Maya Wijaya',
  principal: 20_000_000,
  rateBps: 600,
  payoutAccount: { bankName: 'BRI', accountNumber: '0123456789', accountName: 'Maya Wijaya' },
};

let running: AppActors | null = null;
afterEach(() => {
  cleanup();
  running?.stop();
  running = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function openOn(today: string, path: string) {
  // Only Date is faked: the screens' timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${today}T03:00:00.000Z`));
  const server = fakeBprServer((request: SeenRequest) => {
    if (request.path === '/deposito/monthly-interest') {
      const period = request.query.get('period');
      return page(period === '2027-01' ? [moved] : [], { period, summary: { count: period === '2027-01' ? 1 : 0, gross: 0, tax: 0, net: 0 } });
    }
    if (request.path === '/deposito/monthly-interest-template/count') return ok({ period: request.query.get('period'), count: 0, totalNet: 0 });
    return ok([]);
  });
  vi.stubGlobal('fetch', server.fetch);
  const opened = openApp(path, { user: supervisor });
  running = opened.app;
  return { ...opened, server };
}

const listRequests = (requests: SeenRequest[]) => requests.filter((request) => request.path === '/deposito/monthly-interest');

describe('Bunga Bulanan', () => {
  it('on 31 December offers January, where a holiday moved the installments due that day, and lists them there', async () => {
    const { server } = openOn('2026-12-31', '/deposito/bunga');
    const period = (await screen.findByLabelText('Periode', {}, SCREEN_LOAD)) as HTMLSelectElement;
    const options = [...period.options].map((option) => option.value);
    expect(options.slice(0, 3)).toEqual(['2027-01', '2026-12', '2026-11']);
    // This month stays the default.
    expect(period.value).toBe('2026-12');
    fireEvent.change(period, { target: { value: '2027-01' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'all' } });
    await screen.findByText('DEP-DS-2609-0001');
    expect(listRequests(server.requests).at(-1)!.query.get('period')).toBe('2027-01');
  });

  it('opens on the installments due for payment, and the template asks for the same period, status and search', async () => {
    const { server, toasts } = openOn('2026-11-26', '/deposito/bunga?q=maya');
    const status = (await screen.findByLabelText('Status', {}, SCREEN_LOAD)) as HTMLSelectElement;
    expect(status.value).toBe('due');
    await waitFor(() => expect(listRequests(server.requests).length).toBeGreaterThan(0));
    const listed = listRequests(server.requests).at(-1)!.query;
    expect([listed.get('period'), listed.get('status'), listed.get('q')]).toEqual(['2026-11', 'due', 'maya']);

    fireEvent.click(screen.getByRole('button', { name: 'Unduh template transfer' }));
    await waitFor(() => expect(toasts.at(-1)?.title).toBe('Tidak ada bunga yang harus dibayar untuk November 2026 dengan pencarian "maya".'));
    const counted = server.requests.filter((request) => request.path === '/deposito/monthly-interest-template/count').at(-1)!.query;
    const filters = (query: URLSearchParams) => ['period', 'status', 'q'].map((key) => query.get(key));
    expect(filters(counted)).toEqual(filters(listed));
    expect([...counted.keys()].sort()).toEqual(['period', 'q', 'status']);
  });

  it('offers no template for a list of other statuses: it says why and brings back the due ones in one click', async () => {
    const { server } = openOn('2026-11-26', '/deposito/bunga');
    const status = (await screen.findByLabelText('Status', {}, SCREEN_LOAD)) as HTMLSelectElement;
    for (const value of ['scheduled', 'paid', 'all']) {
      fireEvent.change(status, { target: { value } });
      await waitFor(() => expect(screen.getByTestId('template-only-due').textContent).toContain(TEMPLATE_ONLY_DUE));
      expect(screen.queryByRole('button', { name: 'Unduh template transfer' })).toBeNull();
    }
    // "Semua status" asks the API for every status (no status parameter).
    await waitFor(() => expect(listRequests(server.requests).at(-1)!.query.has('status')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan yang jatuh tempo bayar' }));
    await screen.findByRole('button', { name: 'Unduh template transfer' });
    expect(status.value).toBe('due');
  });
});
