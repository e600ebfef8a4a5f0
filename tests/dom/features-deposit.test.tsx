/**
 * The deposit screens' logic in jsdom: filters kept in the URL survive a round trip, the list
 * says how each deposit came in (Kanal), the action menu offers exactly the deposit machine's
 * events for the user's role and the deposit's state (and falls back to the server's list when
 * the two disagree), and the confirmations say what each action will do.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDepositApi } from '@src/lib/deposit-api';
import { deposit } from './support/deposit-fixture';
import type { ApiClients } from '@src/lib/api-client';
import { readQueryState, useQueryState, writeQueryState } from '@src/lib/use-query-state';
import { offeredActions } from '@src/features/deposits/deposit-actions';
import { ActionDialog as ScreenActionDialog, type ActionDialogProps } from '@src/features/deposits/ActionDialog';
import { useSubmit } from '@src/app/use-submit';
import { filenameFromDisposition } from '@src/lib/download';
import { ok, page } from './support/fake-bpr-server';
import { FreshCache } from './support/fresh-cache';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

afterEach(cleanup);

const DEFAULTS = { status: 'all', q: '', sort: '-createdAt', page: '1' };

describe('list filters in the URL', () => {
  it('leaves defaults out, keeps the rest, and reads back what it wrote', () => {
    const params = writeQueryState(readQueryState(new URLSearchParams(''), DEFAULTS), { status: 'pending', q: 'Sari Wijaya' }, DEFAULTS);
    expect(params.toString()).toBe('status=pending&q=Sari+Wijaya');
    expect(readQueryState(params, DEFAULTS)).toEqual({ status: 'pending', q: 'Sari Wijaya', sort: '-createdAt', page: '1' });
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const current = { status: 'active', q: 'x', sort: 'amount', page: '4' };
    expect(writeQueryState(current, { q: 'y' }, DEFAULTS).get('page')).toBeNull();
    const paged = writeQueryState(current, { page: '5' }, DEFAULTS);
    expect(paged.toString()).toBe('status=active&q=x&sort=amount&page=5');
  });

  it('the hook updates the location, so Back and a shared link show the same list', async () => {
    function Probe() {
      const [state, update] = useQueryState(DEFAULTS);
      const location = useLocation();
      return (
        <>
          <p data-testid="search">{location.search}</p>
          <p data-testid="state">{JSON.stringify(state)}</p>
          <button type="button" onClick={() => update({ status: 'matured' })}>
            status
          </button>
          <button type="button" onClick={() => update({ page: '3' })}>
            page
          </button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/deposito', element: <Probe /> }], { initialEntries: ['/deposito?q=Budi'] });
    render(<RouterProvider router={router} />);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toMatchObject({ q: 'Budi', status: 'all' });
    fireEvent.click(screen.getByText('status'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?status=matured&q=Budi'));
    fireEvent.click(screen.getByText('page'));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?status=matured&q=Budi&page=3'));
    await router.navigate(-1);
    await waitFor(() => expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toMatchObject({ status: 'matured', page: '1' }));
  });
});

describe('Daftar Deposito', () => {
  it("has a Kanal column: the counter in words, a partner's code with its own reference under it, and a deposit of no channel", async () => {
    const rows = [
      deposit({ id: 'dep-1', depositNumber: 'DEP-2611-00000001', channel: 'COUNTER' }),
      deposit({ id: 'dep-2', depositNumber: 'DEP-2611-00000002', channel: 'DEMO-MITRA', partnerReferenceNo: 'ORD-7' }),
      deposit({ id: 'dep-3', depositNumber: 'DEP-2611-00000003', channel: null }),
    ];
    openStaffScreen('/deposito', (request) =>
      request.path === '/invoice/all-deposito' ? page(rows) : request.path === '/invoice/list-count-all-deposito' ? ok({ counts: {}, total: rows.length }) : ok([]),
    );
    await screen.findByRole('link', { name: 'DEP-2611-00000001' }, SCREEN_LOAD);
    const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Kanal');
    expect(column).toBeGreaterThan(0);
    const channelCell = (number: string) => within(screen.getByRole('link', { name: number }).closest('tr')!).getAllByRole('cell')[column]!;
    expect(channelCell('DEP-2611-00000001').textContent).toBe('Loket BPR');
    const partner = within(channelCell('DEP-2611-00000002'));
    expect(partner.getByText('DEMO-MITRA')).toBeTruthy();
    expect(partner.getByText('ref. ORD-7')).toBeTruthy();
    expect(channelCell('DEP-2611-00000003').textContent).toBe('Langsung di BPR');
  });
});

describe('the action menu', () => {
  it("offers exactly what the server's machine allows this user today, in its order", () => {
    const pending = deposit({ status: 'pending', allowedEvents: ['deposit.approve', 'deposit.reject', 'deposit.cancel', 'deposit.changeDate'] });
    expect(offeredActions(pending)).toEqual(['deposit.approve', 'deposit.reject', 'deposit.cancel', 'deposit.changeDate']);
    expect(offeredActions(deposit({ allowedEvents: ['deposit.requestBreak'] }))).toEqual(['deposit.requestBreak']);
    expect(offeredActions(deposit({ status: 'closed', closeReason: 'matured', allowedEvents: [] }))).toEqual([]);
  });

  it("never offers the daily job's or a partner's own events, even if listed", () => {
    expect(offeredActions(deposit({ allowedEvents: ['deposit.rollover', 'deposit.mature', 'deposit.withdraw', 'deposit.stopAro'] }))).toEqual(['deposit.stopAro']);
  });
});

/** The dialog with a submission of its own, as the deposit screen gives it one. */
function WithSubmission(props: Omit<ActionDialogProps, 'submission'>) {
  const submission = useSubmit();
  return <ScreenActionDialog {...props} submission={submission} />;
}

function ActionDialog(props: Omit<ActionDialogProps, 'submission'>) {
  return (
    <FreshCache>
      <WithSubmission {...props} />
    </FreshCache>
  );
}

describe('the confirmations', () => {
  it('change date shows the new maturity for the picked value date', () => {
    const pending = deposit({ status: 'pending', depositDate: '2026-11-12', periodStart: '2026-11-12', maturityDate: '2027-02-12' });
    render(<ActionDialog type="deposit.changeDate" deposit={pending} onClose={() => undefined} onConfirm={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Tanggal efektif baru'), { target: { value: '2026-11-30' } });
    expect(screen.getByTestId('new-maturity').textContent).toContain('28-Feb-2027');
  });

  it('approval names a special rate (with the product rate beside it) and a high-risk customer; an ordinary placement shows neither', () => {
    const special = deposit({ status: 'pending', rateBps: 650, productRateBps: 550, specialRate: true, customer: { ...deposit().customer, riskLevel: 'HIGH' } });
    const { unmount } = render(<ActionDialog type="deposit.approve" deposit={special} onClose={() => undefined} onConfirm={() => undefined} />);
    const flags = screen.getByRole('list', { name: 'Perhatian sebelum menyetujui' });
    expect([...flags.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Suku bunga khusus 6,50%, di atas suku bunga produk 5,50% untuk tenor ini.',
      'Tingkat risiko nasabah: Tinggi.',
    ]);
    unmount();
    render(<ActionDialog type="deposit.approve" deposit={deposit({ status: 'pending' })} onClose={() => undefined} onConfirm={() => undefined} />);
    expect(screen.queryByRole('list', { name: 'Perhatian sebelum menyetujui' })).toBeNull();
  });

  it('reject requires a reason before it is confirmed, then sends it', () => {
    const onConfirm = vi.fn();
    render(<ActionDialog type="deposit.reject" deposit={deposit({ status: 'pending' })} onClose={() => undefined} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tolak' }));
    expect(screen.getByRole('alert').textContent).toBe('Alasan wajib diisi.');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Alasan/), { target: { value: 'Dana belum masuk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tolak' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'event', event: { type: 'deposit.reject', reason: 'Dana belum masuk' } });
  });

  it('extend offers the product tenors with their rates and the new maturity', () => {
    const onConfirm = vi.fn();
    render(<ActionDialog type="deposit.extend" deposit={deposit()} onClose={() => undefined} onConfirm={onConfirm} />);
    fireEvent.change(screen.getByLabelText('Tenor baru'), { target: { value: '6' } });
    expect(screen.getByText(/suku bunga 6,00%, jatuh tempo 10-Mei-2027/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Perpanjang' }));
    expect(onConfirm).toHaveBeenCalledWith({ kind: 'event', event: { type: 'deposit.extend', tenorMonths: 6 } });
  });

  it('mark paid asks for the reference, date and proof', () => {
    const onConfirm = vi.fn();
    render(<ActionDialog type="deposit.markPaid" deposit={deposit({ status: 'disbursing' })} onClose={() => undefined} onConfirm={onConfirm} />);
    // The proof is asked for in Indonesian, not with the browser's "Choose File / No file chosen".
    const proof = screen.getByLabelText(/^Bukti transfer/);
    expect(proof.closest('.bj-file')?.textContent).toBe('Pilih berkasBelum ada berkas dipilih');
    fireEvent.change(screen.getByLabelText('Nomor referensi transfer'), { target: { value: 'TRF-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tandai Sudah Dibayar' }));
    expect(screen.getByRole('alert').textContent).toBe('Bukti transfer wajib diunggah.');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('downloads', () => {
  it("saves under the server's file name", () => {
    expect(filenameFromDisposition('attachment; filename="daftar-deposito.xlsx"; filename*=UTF-8\'\'daftar-deposito%202026.xlsx', 'x.xlsx')).toBe('daftar-deposito 2026.xlsx');
    expect(filenameFromDisposition('attachment; filename="jatuh-tempo.xlsx"', 'x.xlsx')).toBe('jatuh-tempo.xlsx');
    expect(filenameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('the product filter source', () => {
  it('reads the products from /api-v1 (raw token client), not from recent deposits', async () => {
    const product = { id: 'p1', name: 'Deposito Reguler', active: true, visible: true, interestPayment: 'AT_MATURITY', minAmount: 1, maxAmount: null, tenors: [], lpsFlag: false };
    const v1 = vi.fn(async () => ({ statusCode: 200, message: 'OK', data: [product] }));
    const v2Bpr = vi.fn(async () => {
      throw new Error('the products must not come from /api-v2-bpr');
    });
    const clients = { v1, v2: v2Bpr, v2Bpr, v2General: v2Bpr } as unknown as ApiClients;
    expect(await createDepositApi(clients).products()).toEqual([product]);
    expect(v1).toHaveBeenCalledWith('/deposito/all-product', expect.anything());
    expect(v2Bpr).not.toHaveBeenCalled();
  });
});
