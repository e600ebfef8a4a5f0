import { channelLabel } from '@machines/deposit-rules';
import type { DepositDetail, DepositSummary } from '../../lib/deposit-api';

type Notification = DepositDetail['notifications'][number];

/** API.md's partner events, in the words staff read. */
const EVENT_WORDS: Record<string, string> = {
  'deposit.approved': 'Deposito disetujui',
  'deposit.activated': 'Deposito aktif',
  'deposit.rejected': 'Deposito ditolak',
  'deposit.cancelled': 'Deposito dibatalkan',
  'deposit.rolledOver': 'Deposito diperpanjang (ARO)',
  'deposit.matured': 'Deposito jatuh tempo',
  'deposit.paidOut': 'Deposito dicairkan',
  'breakRequest.decided': 'Keputusan pencairan awal',
  'changeRequest.decided': 'Keputusan permintaan perubahan',
  'interest.paid': 'Bunga dibayar',
  'bilyet.issued': 'Bilyet diterbitkan',
  'bilyet.shipped': 'Bilyet dikirim',
  'bilyet.received': 'Bilyet diterima',
  'hold.placed': 'Deposito diblokir',
  'hold.released': 'Blokir dibuka',
};

export function notificationTitle(notification: Pick<Notification, 'eventType'>): string {
  return EVENT_WORDS[notification.eventType] ?? notification.eventType;
}

/** Whether it arrived, in one sentence: delivered, still being tried (how often, the last answer), or given up. */
export function notificationState(notification: Notification): { label: string; tone: 'success' | 'warning' | 'danger'; detail: string | null } {
  const lastAnswer = notification.lastStatus !== null ? `jawaban terakhir HTTP ${notification.lastStatus}` : notification.lastError ? `kendala terakhir: ${notification.lastError}` : null;
  if (notification.status === 'delivered') return { label: 'Terkirim', tone: 'success', detail: notification.attempts > 1 ? `setelah ${notification.attempts} kali percobaan` : null };
  if (notification.status === 'failed') return { label: 'Gagal dikirim', tone: 'danger', detail: [`${notification.attempts} kali dicoba selama 3 hari`, lastAnswer].filter(Boolean).join('; ') };
  return { label: 'Menunggu terkirim', tone: 'warning', detail: notification.attempts > 0 ? [`${notification.attempts} kali dicoba`, lastAnswer].filter(Boolean).join('; ') : null };
}

type ChannelFacts = Pick<DepositSummary, 'channel' | 'partnerReferenceNo'>;

/** How the deposit came in (channelLabel's words) and, for a partner's placement, the partner's own reference. */
export function channelOf(deposit: ChannelFacts): { label: string; reference: string | null } {
  return { label: channelLabel(deposit.channel), reference: deposit.partnerReferenceNo ? `ref. ${deposit.partnerReferenceNo}` : null };
}

/** The same on one line, as the detail's facts show it. */
export function channelText(deposit: ChannelFacts): string {
  const { label, reference } = channelOf(deposit);
  return reference ? `${label} · ${reference}` : label;
}
