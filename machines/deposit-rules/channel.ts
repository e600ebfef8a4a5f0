/** deposits.channel of a placement at the counter (server/deposits/placement-service.ts). */
export const COUNTER_CHANNEL = 'COUNTER';

/**
 * How a deposit came in, in the words staff read on every screen and in every file, so the list,
 * the detail and the list's Excel export never disagree: at the counter, through a channel partner
 * (its code, as the partner's contract and invoices name it), or with no channel at all — a running
 * deposit moved in by an import, or one recorded before channels were — which the reports have
 * always called "Langsung di BPR".
 */
export function channelLabel(channel: string | null): string {
  if (channel === null) return 'Langsung di BPR';
  if (channel === COUNTER_CHANNEL) return 'Loket BPR';
  return channel;
}
