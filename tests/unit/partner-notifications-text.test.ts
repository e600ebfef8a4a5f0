import { describe, expect, it } from 'vitest';
import { channelOf, channelText, notificationState, notificationTitle } from '../../src/features/deposits/partner-notifications';

const base = { id: 'n1', eventType: 'deposit.approved', at: '2026-03-02T02:00:00.000Z', status: 'pending' as const, attempts: 0, deliveredAt: null, lastStatus: null, lastError: null };

describe('what staff read of a partner notification', () => {
  it('names the event in Indonesian, and an unknown one by its name', () => {
    expect(notificationTitle({ eventType: 'deposit.activated' })).toBe('Deposito aktif');
    expect(notificationTitle({ eventType: 'deposit.other' })).toBe('deposit.other');
  });

  it('says whether it arrived: delivered (after how many attempts), waiting with its last answer, or given up', () => {
    expect(notificationState({ ...base, status: 'delivered', attempts: 1, lastStatus: 204 })).toEqual({ label: 'Terkirim', tone: 'success', detail: null });
    expect(notificationState({ ...base, status: 'delivered', attempts: 3, lastStatus: 204 })).toEqual({ label: 'Terkirim', tone: 'success', detail: 'setelah 3 kali percobaan' });
    expect(notificationState(base)).toEqual({ label: 'Menunggu terkirim', tone: 'warning', detail: null });
    expect(notificationState({ ...base, attempts: 2, lastStatus: 500, lastError: 'HTTP 500' })).toEqual({ label: 'Menunggu terkirim', tone: 'warning', detail: '2 kali dicoba; jawaban terakhir HTTP 500' });
    expect(notificationState({ ...base, status: 'failed', attempts: 11, lastError: 'mitra belum punya alamat notifikasi' })).toEqual({
      label: 'Gagal dikirim',
      tone: 'danger',
      detail: '11 kali dicoba selama 3 hari; kendala terakhir: mitra belum punya alamat notifikasi',
    });
  });

  it('shows the channel: the counter in words, a partner with its reference, and a deposit of no channel as the reports name it', () => {
    expect(channelText({ channel: 'COUNTER', partnerReferenceNo: null })).toBe('Loket BPR');
    expect(channelText({ channel: 'DEMO-MITRA', partnerReferenceNo: 'ORD-1' })).toBe('DEMO-MITRA · ref. ORD-1');
    expect(channelText({ channel: 'Komunal', partnerReferenceNo: null })).toBe('Komunal');
    expect(channelText({ channel: null, partnerReferenceNo: null })).toBe('Langsung di BPR');
  });

  it('gives the list the label and the reference apart, the reference only for a partner placement', () => {
    expect(channelOf({ channel: 'DEMO-MITRA', partnerReferenceNo: 'ORD-1' })).toEqual({ label: 'DEMO-MITRA', reference: 'ref. ORD-1' });
    expect(channelOf({ channel: 'COUNTER', partnerReferenceNo: null })).toEqual({ label: 'Loket BPR', reference: null });
    expect(channelOf({ channel: null, partnerReferenceNo: null })).toEqual({ label: 'Langsung di BPR', reference: null });
  });
});
