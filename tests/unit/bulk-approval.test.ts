import { describe, expect, it } from 'vitest';
import { bulkApprovalOutcome } from '../../src/features/deposits/bulk-approval';

describe('what staff read after approving a selection at once', () => {
  it('all approved: how many, in green', () => {
    const outcome = bulkApprovalOutcome({
      approved: 2,
      refused: 0,
      results: [
        { depositId: 'a', depositNumber: 'DEP-1', approved: true, status: 'active', message: null },
        { depositId: 'b', depositNumber: 'DEP-2', approved: true, status: 'approved', message: null },
      ],
    });
    expect(outcome).toEqual({ summary: '2 deposito disetujui.', tone: 'success', refused: [] });
  });

  it('some refused: how many of each, and each refused deposit with the server\'s reason; an unknown id still named', () => {
    const outcome = bulkApprovalOutcome({
      approved: 1,
      refused: 2,
      results: [
        { depositId: 'a', depositNumber: 'DEP-1', approved: true, status: 'active', message: null },
        { depositId: 'b', depositNumber: 'DEP-2', approved: false, status: null, message: 'Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.' },
        { depositId: 'c', depositNumber: null, approved: false, status: null, message: 'Deposito tidak ditemukan.' },
      ],
    });
    expect(outcome).toEqual({
      summary: '1 deposito disetujui. 2 tidak dapat disetujui:',
      tone: 'warning',
      refused: [
        { depositId: 'b', depositNumber: 'DEP-2', reason: 'Penempatan ini Anda catat sendiri; persetujuannya harus oleh supervisor lain.' },
        { depositId: 'c', depositNumber: 'Deposito tidak dikenal', reason: 'Deposito tidak ditemukan.' },
      ],
    });
  });

  it('none approved says so', () => {
    expect(bulkApprovalOutcome({ approved: 0, refused: 1, results: [{ depositId: 'a', depositNumber: 'DEP-1', approved: false, status: null, message: 'Deposito tidak dalam status Menunggu Persetujuan (status saat ini: Aktif).' }] }).summary).toBe(
      'Tidak ada deposito yang disetujui. 1 tidak dapat disetujui:',
    );
  });
});
