import { describe, expect, it } from 'vitest';
import { afterFailure, OUTBOX_GIVE_UP_MS, retryDelayMs } from '../../server/platform/outbox/outbox-schedule';
import { partnerEventsOf } from '../../server/partner/partner-notification-service';

describe('the outbox\'s retry schedule', () => {
  it('follows Standard Webhooks: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h after the 1st–6th failed attempt, then every 10 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelayMs)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 36_000_000]);
  });

  it('gives up when the next attempt would fall after 3 days from the message: written Monday 09.00, the 10 h retry due Thursday 10.00 is one too many', () => {
    const written = Date.parse('2026-03-02T02:00:00Z');
    const giveUpAt = new Date(written + OUTBOX_GIVE_UP_MS); // Thursday 5 March 09.00 WIB
    expect(afterFailure(9, new Date(Date.parse('2026-03-04T16:00:00Z')), giveUpAt)).toEqual({ status: 'pending', nextAttemptAt: new Date('2026-03-05T02:00:00Z') });
    expect(afterFailure(10, new Date(Date.parse('2026-03-04T16:00:01Z')), giveUpAt)).toEqual({ status: 'failed' });
  });
});

describe('what a partner is told of a deposit\'s step', () => {
  it('names the partner\'s events of API.md for the machine\'s events, and nothing for the steps a partner does not follow', () => {
    expect(partnerEventsOf({ event: 'deposit.approve', to: 'approved' })).toEqual(['deposit.approved']);
    expect(partnerEventsOf({ event: 'deposit.approve', to: 'active' })).toEqual(['deposit.approved', 'deposit.activated']);
    expect(partnerEventsOf({ event: 'deposit.rollover', to: 'active' })).toEqual(['deposit.rolledOver']);
    expect(partnerEventsOf({ event: 'deposit.rejectBreak', to: 'active' })).toEqual(['breakRequest.decided']);
    expect(partnerEventsOf({ event: 'deposit.markPaid', to: 'closed' })).toEqual(['deposit.paidOut']);
    expect(partnerEventsOf({ event: 'deposit.stopAro', to: 'active' })).toEqual([]);
  });
});
