/**
 * Penempatan Baru (issue 18): a customer opened from their page, the product's tenors and
 * instructions, the amount typed the Indonesian way; the server's preview shows every
 * installment before anything is placed; the placement is sent with its funding and opens the
 * deposit; what is missing is listed and takes the focus.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { draftProblems, termsOf, type PlacementDraft } from '@src/features/deposits/placement/placement-form';
import { deposit } from './support/deposit-fixture';
import { ok, type FakeAnswer, type SeenRequest } from './support/fake-bpr-server';
import { openStaffScreen, SCREEN_LOAD } from './support/staff-screen';

const PRODUCT = {
  id: 'prd-1', code: 'DB', name: 'Deposito Berjangka', active: true, visible: true, interestPayment: 'MONTHLY', minAmount: 1_000_000, maxAmount: null,
  instructions: ['ARO', 'PAYOUT'], breakPenaltyBps: 100, forfeitAccruedInterest: false, tenors: [{ tenorMonths: 3, rateBps: 550 }, { tenorMonths: 6, rateBps: 600 }],
  rateEffectiveFrom: '2026-01-01', nextRates: null, lpsFlag: false, runningDeposits: 0,
};
const PREVIEW = {
  rateBps: 550, productRateBps: 550, specialRate: false, maturityDate: '2026-06-02', lpsGuaranteed: true, taxApplies: true,
  installments: [
    { sequence: 1, periodStart: '2026-03-02', periodEnd: '2026-04-02', payDate: '2026-04-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
    { sequence: 2, periodStart: '2026-04-02', periodEnd: '2026-05-02', payDate: '2026-05-04', grossInterest: 226_027, tax: 45_205, netInterest: 180_822 },
    { sequence: 3, periodStart: '2026-05-02', periodEnd: '2026-06-02', payDate: '2026-06-02', grossInterest: 233_562, tax: 46_712, netInterest: 186_850 },
  ],
  totals: { grossInterest: 693_151, tax: 138_629, netInterest: 554_522 },
};

function openPlacement(answer: (request: SeenRequest) => FakeAnswer | undefined = () => undefined) {
  return openStaffScreen('/deposito/baru?customerId=cus-9', (request) => {
    if (request.path === '/bpr/customers/cus-9') return ok({ id: 'cus-9', type: 'INDIVIDUAL', name: 'Rina Marlina', nik: '3273095203850002' });
    if (request.path === '/api-v1/deposito/all-product') return ok([PRODUCT]);
    if (request.path === '/deposito/placement/preview') return ok(PREVIEW);
    return answer(request) ?? ok([]);
  }).server;
}

const choose = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Penempatan Baru', () => {
  it('the preview is asked once every term is there, and shows each installment; the placement goes with its funding and its answer opens the deposit', async () => {
    const placed = deposit({ id: 'dep-new', depositNumber: 'DEP-2603-ABCD1234', status: 'pending', statusLabel: 'Menunggu persetujuan' });
    const server = openPlacement((request) => {
      // The placement answers the new deposit's detail (contract: depositDetailSchema).
      if (request.method === 'POST') return { status: 201, body: { statusCode: 201, message: 'OK', data: placed } };
      if (request.path === '/deposito/dep-new') return { status: 404, body: { statusCode: 404, message: 'Deposito tidak ditemukan.', error: 'Not Found' } };
      return undefined;
    });
    await screen.findByText('Rina Marlina', {}, SCREEN_LOAD);
    await vi.waitFor(() => expect(screen.getByRole('option', { name: /Deposito Berjangka/ })).toBeTruthy());
    choose(/^Produk/, 'prd-1');
    choose(/^Tenor/, '3');
    const amount = screen.getByLabelText(/^Nominal/);
    fireEvent.change(amount, { target: { value: '50000000' } });
    fireEvent.blur(amount);
    expect((amount as HTMLInputElement).value).toBe('50.000.000');
    choose(/^Instruksi jatuh tempo/, 'PAYOUT');
    const panel = await screen.findByRole('region', { name: 'Pratinjau penempatan' });
    const asked = server.requests.filter((request) => request.path === '/deposito/placement/preview').at(-1)!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ customerId: 'cus-9', productId: 'prd-1', tenorMonths: '3', amount: '50000000', maturityInstruction: 'PAYOUT', interestPayment: 'MONTHLY' });
    // The second installment: its period, the pay date moved off Saturday 2 May, gross, tax, net.
    expect(within(panel).getAllByRole('row').map((row) => row.textContent)).toContain('202-Apr-2026 – 02-Mei-202604-Mei-2026Rp 226.027Rp 45.205Rp 180.822');
    expect(within(panel).getByText('Dijamin LPS')).toBeTruthy();

    choose(/^Referensi setoran/, 'TRF-0091');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan penempatan' }));
    const post = await vi.waitFor(() => {
      const found = server.writes().find((request) => request.path === '/deposito/placement');
      expect(found).toBeDefined();
      return found!;
    });
    expect(post.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).toMatchObject({ customerId: 'cus-9', productId: 'prd-1', tenorMonths: 3, amount: 50_000_000, maturityInstruction: 'PAYOUT', interestPayment: 'MONTHLY', funding: { method: 'TRANSFER', reference: 'TRF-0091' } });
    // The deposit's page shows what the placement answered: it is not asked for again.
    await screen.findByRole('heading', { name: 'Deposito DEP-2603-ABCD1234' }, SCREEN_LOAD);
    expect(server.requests.some((request) => request.path === '/deposito/dep-new')).toBe(false);
  });

  it('what is missing is listed at once and takes the focus; nothing is sent', async () => {
    const server = openPlacement();
    await screen.findByText('Rina Marlina', {}, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan penempatan' }));
    const summary = await screen.findByText('Periksa isian berikut');
    expect(within(summary.closest('section')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Pilih produk.', 'Pilih tenor.', 'Nominal wajib diisi.', 'Pilih instruksi jatuh tempo.', 'Referensi setoran wajib diisi.',
    ]);
    await vi.waitFor(() => expect(document.activeElement?.contains(summary)).toBe(true));
    expect(server.writes()).toEqual([]);
  });
});

describe('the placement draft', () => {
  const draft: PlacementDraft = {
    customerId: 'cus-9', productId: 'prd-1', tenorMonths: '6', amountText: 'Rp 1.500.000', specialRateText: '', depositDate: '2026-03-02', maturityInstruction: 'ARO', fundingMethod: 'CASH', fundingReference: 'KW-1', fundingReceivedAt: '2026-03-02',
  };

  it('terms carry the amount read the Indonesian way and the product\'s interest payment; half a draft asks nothing', () => {
    expect(termsOf(draft, { id: 'prd-1', interestPayment: 'AT_MATURITY' })).toEqual({
      customerId: 'cus-9', productId: 'prd-1', tenorMonths: 6, amount: 1_500_000, depositDate: '2026-03-02', maturityInstruction: 'ARO', interestPayment: 'AT_MATURITY',
    });
    expect(termsOf({ ...draft, amountText: '1.500.000,50' }, { id: 'prd-1', interestPayment: 'MONTHLY' })).toBeNull();
    expect(termsOf(draft, undefined)).toBeNull();
  });

  it('a special rate typed "6,25" goes as 625 basis points; one that cannot be read holds the preview and is named', () => {
    expect(termsOf({ ...draft, specialRateText: '6,25' }, { id: 'prd-1', interestPayment: 'AT_MATURITY' })).toMatchObject({ rateBps: 625 });
    expect(termsOf({ ...draft, specialRateText: '6,2,5' }, { id: 'prd-1', interestPayment: 'AT_MATURITY' })).toBeNull();
    expect(draftProblems({ ...draft, specialRateText: 'enam' }, { id: 'prd-1' }, true)).toHaveLength(1);
  });

  it('a complete draft has no problems; an amount with cents is named', () => {
    expect(draftProblems(draft, { id: 'prd-1' }, true)).toEqual([]);
    expect(draftProblems({ ...draft, amountText: '1.500.000,50' }, { id: 'prd-1' }, true)).toEqual(['Nominal harus rupiah utuh, tanpa sen.']);
  });
});
