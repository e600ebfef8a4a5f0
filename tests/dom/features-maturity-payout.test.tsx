/**
 * The payout at maturity says what it pays (issue 17 item 2; README "Pembayaran saat jatuh
 * tempo"): the request's confirmation, the deposit's "Yang harus dibayar" while the transfer
 * waits, and a closed deposit that owes nothing.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AmountsDue } from '@src/features/deposits/AmountsDue';
import { MaturityPayoutPreview, Settlement } from '@src/features/deposits/ActionDialog';
import { deposit } from './support/deposit-fixture';

afterEach(cleanup);

// Rp 10.000.000; the last installment 38 356 gross, 7 671 tax, 30 685 net: payout 10 030 685.
const last = (status: 'scheduled' | 'due' | 'paid', reference: string | null = null) => ({
  id: 'ins-3', depositId: 'dep-1', periodNumber: 1, sequence: 3, periodStart: '2026-11-01', periodEnd: '2026-12-01', payDate: '2026-12-01',
  grossInterest: 38_356, tax: 7_671, netInterest: 30_685, status, statusLabel: status, paidAt: reference ? '2026-12-02' : null, reference,
});
const payout = {
  id: 'pay-1', depositId: 'dep-1', kind: 'maturity' as const, principal: 10_000_000, interest: 38_356, tax: 7_671, penalty: 0, amount: 10_030_685,
  status: 'pending' as const, reference: null, paidAt: null, proofFileId: null, createdAt: '2026-12-01T03:00:00.000Z',
};

describe('payout at maturity on screen', () => {
  it('the request confirmation shows principal + the unpaid installment = the amount to transfer', () => {
    render(<MaturityPayoutPreview deposit={deposit({ status: 'matured', installments: [last('due')] })} />);
    const preview = screen.getByTestId('maturity-payout-preview');
    expect(preview.textContent).toContain('pokok dan semua bunga yang belum dibayar ditransfer bersama, lalu deposito Selesai tanpa sisa kewajiban');
    const pairs = [...preview.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Pokok', 'Rp 10.000.000'],
      ['Bunga ke-3 · 01-Des-2026 (bersih)', 'Rp 30.685'],
      ['Jumlah pencairan', 'Rp 10.030.685'],
    ]);
  });

  it('while the transfer waits: one payout holding the installment, not the installment owed beside it', () => {
    render(<AmountsDue deposit={deposit({ status: 'disbursing', installments: [last('due')], disbursements: [payout] })} />);
    const panel = screen.getByRole('region', { name: 'Yang harus dibayar' });
    expect(within(panel).getByTestId('payout-includes-interest').textContent).toBe(
      'Pokok dan bunga yang belum dibayar ditransfer bersama; bunga ini tidak dibayar lagi lewat Bunga Bulanan.',
    );
    const figures = within(panel).getByTestId('payout-due');
    expect(within(figures).getByTestId('payout-installment').textContent).toBe('Termasuk bunga ke-3 · 01-Des-2026Rp 30.685 bersih');
    expect(figures.textContent).toContain('Harus dibayarRp 10.030.685');
    expect(screen.queryByTestId('interest-due')).toBeNull();
    expect(screen.queryByTestId('interest-next')).toBeNull();
  });

  it('Selesai: the payout made, nothing owed', () => {
    const paid = { ...payout, status: 'paid' as const, paidAt: '2026-12-02', reference: 'TRF-CAIR' };
    render(<AmountsDue deposit={deposit({ status: 'closed', installments: [last('paid', 'TRF-CAIR')], disbursements: [paid] })} />);
    expect(screen.queryByRole('region', { name: 'Yang harus dibayar' })).toBeNull();
    expect(screen.getByTestId('payout-paid').textContent).toContain('DibayarkanRp 10.030.685');
    expect(screen.queryByTestId('interest-due')).toBeNull();
  });
});

describe('break figures in the request and approval dialogs', () => {
  const figures = { principal: 10_000_000, accruedInterest: 1_370, forfeitedInterest: 0, tax: 274, penalty: 100_000, earlierInterest: 0, earlierTax: 0, payout: 9_901_096 };
  const pairsOf = (title: string) => [...screen.getByRole('region', { name: title }).querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

  it("an earlier period's unpaid installment shows as its own lines, inside what is paid", () => {
    // 10 000 000 + 1 370 − 274 − 100 000 + 38 356 − 7 671 = 9 931 781
    render(<Settlement title="Perkiraan pencairan" preview={{ ...figures, earlierInterest: 38_356, earlierTax: 7_671, payout: 9_931_781 }} />);
    expect(pairsOf('Perkiraan pencairan').slice(5)).toEqual([
      ['Bunga periode sebelumnya yang belum dibayar', 'Rp 38.356'],
      ['Pajak bunga periode sebelumnya', 'Rp 7.671'],
      ['Dibayarkan', 'Rp 9.931.781'],
    ]);
  });

  it('without one, no such lines', () => {
    render(<Settlement title="Perkiraan pencairan" preview={figures} />);
    expect(pairsOf('Perkiraan pencairan').map(([label]) => label)).toEqual(['Pokok', 'Bunga berjalan', 'Bunga hangus', 'Pajak', 'Penalti', 'Dibayarkan']);
  });
});
