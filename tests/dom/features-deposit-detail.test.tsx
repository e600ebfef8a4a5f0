/**
 * The deposit detail says what waits and why: the actions refused today shown disabled with the
 * server machine's reason, what is due (the pending payout with its parts, interest posted and
 * unpaid, the next installment), the timeline's account and instruction changes in words, and
 * Pencairan's "Catat pembayaran" refused before its form is opened.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisbursementRow } from '@src/lib/deposit-api';
import { AmountsDue } from '@src/features/deposits/AmountsDue';
import { amountsDue } from '@src/features/deposits/amounts-due';
import { DepositActions } from '@src/features/deposits/DepositActions';
import { blockedActions } from '@src/features/deposits/deposit-actions';
import { timelineDetail } from '@src/features/deposits/timeline-detail';
import { PayoutAction } from '@src/features/disbursements/PayoutAction';
import { deposit } from './support/deposit-fixture';

afterEach(cleanup);

const BILYET_OUT = 'Bilyet deposito belum dikembalikan nasabah atau dicatat hilang.';

const breakPayout = {
  id: 'pay-1', depositId: 'dep-1', kind: 'break' as const, principal: 10_000_000, interest: 45_205, tax: 9_041, penalty: 50_000, amount: 9_986_164,
  status: 'pending' as const, reference: null, paidAt: null, proofFileId: null, createdAt: '2026-11-10T03:00:00.000Z',
};

const installment = (sequence: number, status: 'scheduled' | 'due' | 'paid', payDate: string, net = 36_667, tax = 9_167) => ({
  id: `ins-${sequence}`, depositId: 'dep-1', periodNumber: 1, sequence, periodStart: '2026-09-01', periodEnd: payDate, payDate,
  grossInterest: net + tax, tax, netInterest: net, status, statusLabel: status, paidAt: null, reference: null,
});

describe('the action menu with refused actions', () => {
  it('shows an allowed action as a button and a refused one disabled, its reason in view and read with it', () => {
    const onOpen = vi.fn();
    render(<DepositActions offered={['deposit.rejectBreak']} blocked={[{ type: 'deposit.approveBreak', reason: 'Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.' }]} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tolak Pencairan Awal' }));
    expect(onOpen).toHaveBeenCalledWith('deposit.rejectBreak');
    const refused = screen.getByRole('button', { name: 'Setujui Pencairan Awal' }) as HTMLButtonElement;
    expect(refused.disabled).toBe(true);
    expect(screen.getByText('Pengajuan pencairan awal harus disetujui oleh supervisor lain, bukan pengajunya.').id).toBe(refused.getAttribute('aria-describedby'));
    expect(screen.queryByTestId('deposit-actions-none')).toBeNull();
  });

  it('after a break is approved, a supervisor sees mark paid refused for the bilyet instead of "no action"', () => {
    const detail = deposit({ status: 'disbursing', blockedEvents: [{ type: 'deposit.markPaid', reason: BILYET_OUT }] });
    render(<DepositActions offered={[]} blocked={blockedActions(detail)} onOpen={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Tandai Sudah Dibayar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('deposit-actions-blocked').textContent).toContain(BILYET_OUT);
    expect(screen.queryByTestId('deposit-actions-none')).toBeNull();
  });

  it('says there is nothing to do only when nothing is allowed and nothing is refused', () => {
    render(<DepositActions offered={[]} blocked={[]} onOpen={() => undefined} />);
    expect(screen.getByTestId('deposit-actions-none').textContent).toBe('Tidak ada aksi yang dapat Anda lakukan pada deposito ini hari ini.');
  });

  it("never shows the daily job's events as refused staff actions", () => {
    expect(blockedActions({ blockedEvents: [{ type: 'deposit.mature', reason: 'x' }, { type: 'deposit.stopAro', reason: 'y' }] })).toEqual([{ type: 'deposit.stopAro', reason: 'y' }]);
  });
});

describe('what is due', () => {
  it('a break approved: the payout waiting for its transfer, each part and the amount to pay, to the payout account', () => {
    render(<AmountsDue deposit={deposit({ status: 'disbursing', disbursements: [breakPayout] })} />);
    const panel = screen.getByRole('region', { name: 'Yang harus dibayar' });
    const figures = within(panel).getByTestId('payout-due');
    const pairs = [...figures.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Jenis', 'Pencairan awal'],
      ['Pokok', 'Rp 10.000.000'],
      ['Bunga berjalan', 'Rp 45.205'],
      ['Pajak', 'Rp 9.041'],
      ['Penalti', 'Rp 50.000'],
      ['Harus dibayar', 'Rp 9.986.164'],
      ['Ke rekening', 'BRI 0123456789 a.n. Maya Wijaya'],
    ]);
    expect(screen.queryByTestId('payout-includes-interest')).toBeNull();
  });

  it("a break with an earlier period's installment unpaid: the payout adds its net, and it is not owed beside it", () => {
    // 10 000 000 + 45 205 − 9 041 − 50 000 + 36 667 = 10 022 831
    const earlier = installment(6, 'due', '2026-11-02');
    const payout = { ...breakPayout, amount: 10_022_831 };
    render(<AmountsDue deposit={deposit({ status: 'disbursing', disbursements: [payout], installments: [earlier] })} />);
    const panel = screen.getByRole('region', { name: 'Yang harus dibayar' });
    const pairs = [...within(panel).getByTestId('payout-due').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs.slice(2, 7)).toEqual([
      ['Bunga berjalan', 'Rp 45.205'],
      ['Pajak', 'Rp 9.041'],
      ['Penalti', 'Rp 50.000'],
      ['Ditambah bunga periode sebelumnya ke-6 · 02-Nov-2026', 'Rp 36.667 bersih'],
      ['Harus dibayar', 'Rp 10.022.831'],
    ]);
    expect(within(panel).getByTestId('payout-includes-interest').textContent).toContain('tidak dibayar lagi lewat Bunga Bulanan');
    expect(screen.queryByTestId('interest-due')).toBeNull();
  });

  it('a break transferred: the installment its transfer paid is listed in the paid payout', () => {
    const paidPayout = { ...breakPayout, amount: 10_022_831, status: 'paid' as const, reference: 'TRF-9', paidAt: '2026-11-12' };
    const earlier = { ...installment(6, 'paid', '2026-11-02'), reference: 'TRF-9', paidAt: '2026-11-12' };
    render(<AmountsDue deposit={deposit({ status: 'closed', disbursements: [paidPayout], installments: [earlier] })} />);
    expect(screen.getByTestId('payout-installment').textContent).toBe('Ditambah bunga periode sebelumnya ke-6 · 02-Nov-2026Rp 36.667 bersih');
  });

  it('monthly interest posted and unpaid: each installment and their net total with the tax', () => {
    const detail = deposit({ installments: [installment(1, 'paid', '2026-10-01'), installment(2, 'due', '2026-11-02'), installment(3, 'scheduled', '2026-12-01')] });
    render(<AmountsDue deposit={deposit({ ...detail, installments: [...detail.installments, installment(4, 'due', '2026-11-09', 40_000, 10_000)] })} />);
    const due = screen.getByTestId('interest-due');
    expect(due.textContent).toContain('Bunga bulanan jatuh tempo bayar');
    expect(due.textContent).toContain('Ke-2 · 02-Nov-2026Rp 36.667');
    expect(due.textContent).toContain('Ke-4 · 09-Nov-2026Rp 40.000');
    expect(due.textContent).toContain('Total bersih (pajak Rp 19.167)Rp 76.667');
    expect(screen.queryByTestId('interest-next')).toBeNull();
  });

  it('nothing due yet: the next installment and when', () => {
    render(<AmountsDue deposit={deposit({ installments: [installment(1, 'paid', '2026-10-01'), installment(3, 'scheduled', '2026-12-01'), installment(2, 'scheduled', '2026-11-02')] })} />);
    expect(screen.getByRole('region', { name: 'Bunga berikutnya' })).toBeTruthy();
    expect(screen.getByTestId('interest-next').textContent).toBe('Bunga bulanan berikutnya: ke-2 pada 02-Nov-2026, Rp 36.667 bersih.');
  });

  it('a matured deposit waiting for its instruction: the principal owed', () => {
    render(<AmountsDue deposit={deposit({ status: 'matured', installments: [installment(3, 'paid', '2026-12-01')] })} />);
    expect(screen.getByTestId('principal-matured').textContent).toBe(
      'Pokok Rp 10.000.000 jatuh tempo 01-Des-2026: menunggu perpanjangan atau pengajuan pencairan ke BRI 0123456789 a.n. Maya Wijaya.',
    );
  });

  it('a closed deposit: the payout made, with its transfer; a pending one with nothing scheduled: no panel', () => {
    const paid = { ...breakPayout, status: 'paid' as const, paidAt: '2026-11-12', reference: 'TRF-77' };
    render(<AmountsDue deposit={deposit({ status: 'closed', disbursements: [paid] })} />);
    expect(screen.getByTestId('payout-paid').textContent).toContain('Dibayarkan');
    expect(screen.getByTestId('payout-paid').textContent).toContain('12-Nov-2026 · TRF-77');
    cleanup();
    const { container } = render(<AmountsDue deposit={deposit({ status: 'pending' })} />);
    expect(container.innerHTML).toBe('');
  });

  it('amountsDue picks, never recomputes: the pending payout as the server fixed it', () => {
    const due = amountsDue(deposit({ status: 'disbursing', disbursements: [{ ...breakPayout, status: 'paid' }, breakPayout] }));
    expect(due.payout).toBe(breakPayout);
    expect(due.paidPayout).toBeNull();
    expect(due.maturedPrincipal).toBeNull();
  });
});

describe('timeline details', () => {
  it('a payout-account change names the old and the new account', () => {
    const entry = {
      event: 'deposit.changePayoutAccount',
      payload: { from: { bankName: 'BRI', accountNumber: '0011223344', accountName: 'Agus Salim' }, to: { bankName: 'BSI', accountNumber: '7788990011', accountName: 'Agus Salim' }, changeRequestId: 'r1' },
    };
    expect(timelineDetail(entry)).toBe('Rekening pencairan BRI 0011223344 a.n. Agus Salim menjadi BSI 7788990011 a.n. Agus Salim');
    expect(timelineDetail({ event: 'deposit.changePayoutAccount', payload: { from: { bankName: null, accountNumber: null, accountName: null }, to: entry.payload.to } })).toBe(
      'Rekening pencairan - - a.n. - menjadi BSI 7788990011 a.n. Agus Salim',
    );
  });

  it('an instruction change and a reason in words; other events add nothing', () => {
    expect(timelineDetail({ event: 'deposit.changeInstruction', payload: { from: 'PAYOUT', to: 'ARO_PLUS' } })).toBe(
      'Instruksi Dicairkan saat jatuh tempo menjadi ARO+ (pokok dan bunga diperpanjang)',
    );
    expect(timelineDetail({ event: 'deposit.reject', payload: { reason: 'Data tidak lengkap' } })).toBe('Alasan: Data tidak lengkap');
    expect(timelineDetail({ event: 'deposit.approve', payload: {} })).toBeNull();
  });

  it('a change raised by staff says what was asked and that another supervisor decides it', () => {
    const account = { bankCode: '014', bankName: 'Bank Central Asia (BCA)', accountNumber: '8090123456', accountName: 'Rina Wati' };
    expect(timelineDetail({ event: 'deposit.requestChange', payload: { kind: 'payoutAccount', value: account } })).toBe(
      'Diminta: rekening pencairan Bank Central Asia (BCA) 8090123456 a.n. Rina Wati; menunggu keputusan supervisor lain',
    );
    expect(timelineDetail({ event: 'deposit.requestChange', payload: { kind: 'instruction', value: { instruction: 'ARO_PLUS' } } })).toBe(
      'Diminta: instruksi ARO+ (pokok dan bunga diperpanjang); menunggu keputusan supervisor lain',
    );
  });
});

describe('Pencairan: recording a payout', () => {
  const row = (overrides: Partial<DisbursementRow>): DisbursementRow => ({
    ...breakPayout, depositNumber: 'DEP-1', customerId: 'c1', customerName: 'Maya Wijaya', maturityDate: '2026-12-01',
    payoutAccount: { bankName: 'BRI', accountNumber: '0123456789', accountName: 'Maya Wijaya' }, allowedEvents: [], blockedEvents: [], ...overrides,
  });

  it('refused for the bilyet: the button is disabled and says why before any form opens', () => {
    const onPay = vi.fn();
    render(<PayoutAction row={row({ blockedEvents: [{ type: 'deposit.markPaid', reason: BILYET_OUT }] })} onPay={onPay} />);
    const button = screen.getByRole('button', { name: 'Catat pembayaran' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(BILYET_OUT).id).toBe(button.getAttribute('aria-describedby'));
    fireEvent.click(button);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('allowed: the button opens the form for this row; not this role’s: waiting for a supervisor', () => {
    const onPay = vi.fn();
    const allowed = row({ allowedEvents: ['deposit.markPaid'] });
    render(<PayoutAction row={allowed} onPay={onPay} />);
    fireEvent.click(screen.getByRole('button', { name: 'Catat pembayaran' }));
    expect(onPay).toHaveBeenCalledWith(allowed);
    cleanup();
    render(<PayoutAction row={row({})} onPay={onPay} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Menunggu supervisor')).toBeTruthy();
  });
});
