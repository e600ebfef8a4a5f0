import type { DepositDetail } from '../../lib/deposit-api';
import { formatDate } from '../../lib/format';
import { instructionLabels } from './deposit-actions';

type TimelineEntry = DepositDetail['timeline'][number];
interface Account {
  bankName?: string | null;
  accountNumber?: string | null;
  accountName?: string | null;
}

const accountText = (account: Account | undefined): string =>
  account ? `${account.bankName ?? '-'} ${account.accountNumber ?? '-'} a.n. ${account.accountName ?? '-'}` : '-';

const instructionText = (value: unknown): string => instructionLabels[value as keyof typeof instructionLabels] ?? String(value ?? '-');

/**
 * What a timeline entry changed, in words, from the payload the server kept with it: the old and
 * new payout account, the old and new maturity instruction, the hold (blokir) placed or released,
 * or the reason given.
 */
export function timelineDetail(entry: Pick<TimelineEntry, 'event' | 'payload'>): string | null {
  const { payload } = entry;
  if (entry.event === 'deposit.changePayoutAccount') {
    return `Rekening pencairan ${accountText(payload.from as Account | undefined)} menjadi ${accountText(payload.to as Account | undefined)}`;
  }
  if (entry.event === 'deposit.changeInstruction') return `Instruksi ${instructionText(payload.from)} menjadi ${instructionText(payload.to)}`;
  if (entry.event === 'deposit.requestChange') {
    const value = (payload.value ?? {}) as Account & { instruction?: unknown };
    const asked = payload.kind === 'instruction' ? `instruksi ${instructionText(value.instruction)}` : `rekening pencairan ${accountText(value)}`;
    return `Diminta: ${asked}; menunggu keputusan supervisor lain`;
  }
  const reason = typeof payload.reason === 'string' && payload.reason ? `Alasan: ${payload.reason}` : null;
  if (entry.event.startsWith('hold.') && typeof payload.label === 'string') {
    const terms = [
      typeof payload.until === 'string' ? `berlaku sampai ${formatDate(payload.until)}` : null,
      payload.stopInterestPayout === true ? 'pembayaran bunga dihentikan' : null,
    ].filter(Boolean);
    return [`Blokir: ${payload.label}${terms.length > 0 ? `, ${terms.join(', ')}` : ''}`, reason].filter(Boolean).join(' · ');
  }
  return reason;
}
