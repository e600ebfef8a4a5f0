import type { AnyEventObject } from 'xstate';
import type { PlacementPreviewData } from '../../contract/placement';
import { placementMachine, type PlacementTerms } from '../../machines/placement';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'placement';
export const machine = placementMachine;

/** Rina's Rp 50.000.000 for 3 months at the counter, and the same for 6 months (a changed draft). */
export const TERMS: PlacementTerms = { customerId: 'cus-1', productId: 'prd-1', tenorMonths: 3, amount: 50_000_000, depositDate: '2026-03-02', maturityInstruction: 'PAYOUT', interestPayment: 'MONTHLY' };
export const OTHER_TERMS: PlacementTerms = { ...TERMS, tenorMonths: 6 };
export const REQUEST = { ...TERMS, funding: { method: 'TRANSFER' as const, reference: 'TRF-1', receivedAt: '2026-03-02' } };
export const PREVIEW: PlacementPreviewData = {
  rateBps: 550, productRateBps: 550, specialRate: false, maturityDate: '2026-06-02', lpsGuaranteed: true, taxApplies: true, installments: [],
  totals: { grossInterest: 693_151, tax: 138_629, netInterest: 554_522 },
};
export const MISSING = ['Referensi setoran wajib diisi.'];
export const PREVIEW_REFUSED = ['Tenor 6 bulan tidak ditawarkan produk ini.'];
export const PLACEMENT_REFUSED = ['Produk deposito ini sudah tidak aktif.'];
export const PLACED = { id: 'dep-9', depositNumber: 'DEP-2603-0000AB12' };

/** What the counter does at any time: edit the draft, press the button. */
const formEvents: AnyEventObject[] = [
  { type: 'placement.edit', terms: null },
  { type: 'placement.edit', terms: TERMS },
  { type: 'placement.edit', terms: OTHER_TERMS },
  { type: 'placement.submit', missing: MISSING, request: null },
  { type: 'placement.submit', missing: [], request: REQUEST },
];
/** The server's answers, which come only to the request waiting for them. */
const previewAnswers: AnyEventObject[] = [
  { type: 'xstate.done.actor.previewPlacement', output: PREVIEW },
  { type: 'xstate.error.actor.previewPlacement', error: { messages: PREVIEW_REFUSED } },
];
const placementAnswers: AnyEventObject[] = [
  { type: 'xstate.done.actor.placeDeposit', output: PLACED },
  { type: 'xstate.error.actor.placeDeposit', error: { messages: PLACEMENT_REFUSED } },
  { type: 'xstate.error.actor.placeDeposit', error: new Error('fetch failed') },
];
export const events = [...formEvents, ...previewAnswers, ...placementAnswers];

const waitingFor = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { open?: string }).open : value);
/** The events a snapshot can meet: none once placed; an answer only while its request is out. */
const eventsOf = (snapshot: { value: unknown; status: string }): AnyEventObject[] => {
  if (snapshot.status === 'done') return [];
  const state = waitingFor(snapshot.value);
  return [...formEvents, ...(state === 'previewing' ? previewAnswers : []), ...(state === 'submitting' ? placementAnswers : [])];
};

/** A state is its value and what the form shows: which terms, whether a preview or a refusal is there, the problems. */
const serializeState = (snapshot: { value: unknown; context: Record<string, unknown> }) =>
  JSON.stringify([snapshot.value, snapshot.context.terms, snapshot.context.preview !== null, snapshot.context.previewRefusal, snapshot.context.problems]);

export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events: eventsOf as never, serializeState: serializeState as never });
