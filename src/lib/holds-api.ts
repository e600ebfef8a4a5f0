import type { Hold, HoldCounts, HoldReason } from '@contract/holds';
import { api, type ApiClients, type Envelope } from './api-client';
import { cleanQuery, type Page, type Query } from './deposit-api';
import { idempotencyHeaders } from './idempotency';

/**
 * Typed calls of API.md "Placements, import and holds" for holds (blokir), on /api-v2-bpr
 * (Bearer). Every write carries the Idempotency-Key src/lib/idempotency.ts chose for its payload.
 */

export type { Hold, HoldReason };

/** What staff may start on a hold (its `allowedEvents`). */
export type HoldDecisionEvent = Hold['allowedEvents'][number];

/** "Pasang Blokir" as the form sends it (POST /deposito/hold, multipart). */
export interface PlaceHold {
  depositId: string;
  reason: HoldReason;
  reference: string;
  /** `YYYY-MM-DD`, or '' when the letter has no date. */
  letterDate: string;
  /** `YYYY-MM-DD`, or '' for a hold that lasts until it is released. */
  until: string;
  stopInterestPayout: boolean;
  note: string;
  /** The letter (PDF, JPEG or PNG), when there is one. */
  file: File | null;
}

/** The multipart body: the empty optional fields left out, the flag always said. */
function placeHoldForm(input: PlaceHold): FormData {
  const form = new FormData();
  form.append('depositId', input.depositId);
  form.append('reason', input.reason);
  form.append('reference', input.reference);
  if (input.letterDate) form.append('letterDate', input.letterDate);
  if (input.until) form.append('until', input.until);
  form.append('stopInterestPayout', input.stopInterestPayout ? 'true' : 'false');
  if (input.note) form.append('note', input.note);
  if (input.file) form.append('file', input.file);
  return form;
}

/** The path of each decision on a hold. */
const DECISION_PATHS: Record<HoldDecisionEvent, string> = {
  'hold.requestRelease': 'release',
  'hold.approveRelease': 'approve-release',
  'hold.rejectRelease': 'reject-release',
};

/** The letter's file of a hold (GET, Bearer), relative to /api-v2-bpr. */
export const holdLetterPath = (holdId: string) => `/deposito/hold/${encodeURIComponent(holdId)}/letter`;

function createHoldsApi(clients: ApiClients) {
  const bpr = clients.v2Bpr;
  return {
    /** GET /deposito/holds: status, reason, q, page, limit; with how many of each status match the rest (the tabs). */
    list: (query: Query, signal?: AbortSignal) => bpr<Page<Hold> & { counts: HoldCounts }>('/deposito/holds', { query: cleanQuery(query), signal }),
    /** POST /deposito/hold: 201 the hold, active (a supervisor). */
    place: async (input: PlaceHold, key: string) =>
      (await bpr<Envelope<Hold>>('/deposito/hold', { method: 'POST', body: placeHoldForm(input), headers: idempotencyHeaders(key) })).data,
    /**
     * A decision on a hold: ask for its release (with a reason), approve the release (another
     * supervisor than the one who asked), or turn it down (with a reason). Answers the hold.
     */
    decide: async (holdId: string, event: HoldDecisionEvent, reason: string, key: string) =>
      (
        await bpr<Envelope<Hold>>(`/deposito/hold/${encodeURIComponent(holdId)}/${DECISION_PATHS[event]}`, {
          method: 'POST',
          ...(event === 'hold.approveRelease' ? {} : { body: { reason } }),
          headers: idempotencyHeaders(key),
        })
      ).data,
  };
}

type HoldsApi = ReturnType<typeof createHoldsApi>;

export const holdsApi: HoldsApi = createHoldsApi(api);
