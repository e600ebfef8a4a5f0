import { assign, fromPromise, setup } from 'xstate';
import type { PlacementPreviewData, PlacementRequest } from '../contract/placement';

/**
 * Penempatan Baru at the counter (DOMAIN.md "At the counter"): the terms are drafted, the server's
 * preview follows every complete change of them (a newer one replaces an older, unanswered one),
 * and the placement is sent once nothing is missing. A refusal, of the preview or of the
 * placement, keeps what was typed and says why; a placed deposit ends the flow.
 *
 * The view tells the machine what the form holds (`placement.edit`: the terms when complete, else
 * null) and what is still missing when the button is pressed (`placement.submit`).
 */

export type PlacementTerms = Omit<PlacementRequest, 'funding'>;

/** What the server said when it refused: its sentences. */
interface Refusal {
  messages: string[];
}

export interface PlacedDeposit {
  id: string;
  depositNumber: string;
}

interface PlacementContext {
  /** The complete terms the preview is (or was) about; null while the draft is incomplete. */
  terms: PlacementTerms | null;
  preview: PlacementPreviewData | null;
  /** Why the server could not preview these terms. */
  previewRefusal: string[] | null;
  /** What the button's press found missing, or the placement's refusal: listed above the button. */
  problems: string[] | null;
  placed: PlacedDeposit | null;
}

type PlacementEvent =
  | { type: 'placement.edit'; terms: PlacementTerms | null }
  | { type: 'placement.submit'; missing: string[]; request: PlacementRequest | null };

/** The sentences of a refusal: the effects reject with `{ messages }`; anything else is said as the app says errors. */
function refusalMessages(error: unknown): string[] {
  const messages = (error as Partial<Refusal> | null)?.messages;
  if (Array.isArray(messages) && messages.length > 0) return messages.map(String);
  return ['Penempatan tidak dapat diproses. Coba lagi.'];
}

function notProvided(name: string): never {
  throw new Error(`placement: the "${name}" effect must be provided by the view`);
}

const sameTerms = (a: PlacementTerms | null, b: PlacementTerms | null) => JSON.stringify(a) === JSON.stringify(b);

export const placementMachine = setup({
  types: {
    context: {} as PlacementContext,
    events: {} as PlacementEvent,
  },
  actors: {
    /** GET /deposito/placement/preview: resolves with the preview, rejects with a Refusal. */
    previewPlacement: fromPromise<PlacementPreviewData, PlacementTerms>(async () => notProvided('previewPlacement')),
    /** POST /deposito/placement (with its Idempotency-Key): resolves with the pending deposit, rejects with a Refusal. */
    placeDeposit: fromPromise<PlacedDeposit, PlacementRequest>(async () => notProvided('placeDeposit')),
  },
  guards: {
    termsIncomplete: (_, params: { terms: PlacementTerms | null }) => params.terms === null,
    termsUnchanged: ({ context }, params: { terms: PlacementTerms | null }) => sameTerms(context.terms, params.terms),
    somethingMissing: (_, params: { missing: string[]; request: PlacementRequest | null }) => params.missing.length > 0 || params.request === null,
    hasPreview: ({ context }) => context.preview !== null,
    hasTerms: ({ context }) => context.terms !== null,
  },
  actions: {
    forgetTerms: assign({ terms: null, preview: null, previewRefusal: null }),
    takeTerms: assign((_, params: { terms: PlacementTerms | null }) => ({ terms: params.terms, preview: null, previewRefusal: null })),
    sayMissing: assign((_, params: { missing: string[] }) => ({ problems: params.missing.length > 0 ? params.missing : ['Lengkapi data penempatan.'] })),
  },
}).createMachine({
  id: 'placement',
  context: { terms: null, preview: null, previewRefusal: null, problems: null, placed: null },
  initial: 'open',
  states: {
    open: {
      initial: 'drafting',
      // An edit starts over from the terms: incomplete ones wait, unchanged ones keep their preview.
      on: {
        'placement.edit': [
          { guard: { type: 'termsIncomplete', params: ({ event }) => ({ terms: event.terms }) }, target: '.drafting', actions: 'forgetTerms' },
          { guard: { type: 'termsUnchanged', params: ({ event }) => ({ terms: event.terms }) } },
          { target: '.previewing', actions: { type: 'takeTerms', params: ({ event }) => ({ terms: event.terms }) } },
        ],
        'placement.submit': [
          {
            guard: { type: 'somethingMissing', params: ({ event }) => ({ missing: event.missing, request: event.request }) },
            actions: { type: 'sayMissing', params: ({ event }) => ({ missing: event.missing }) },
          },
          { target: '.submitting', actions: assign({ problems: null }) },
        ],
      },
      states: {
        drafting: {},
        previewing: {
          invoke: {
            id: 'previewPlacement',
            src: 'previewPlacement',
            input: ({ context }) => context.terms!,
            onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output }) },
            onError: { target: 'previewRefused', actions: assign({ previewRefusal: ({ event }) => refusalMessages(event.error) }) },
          },
        },
        previewed: {},
        previewRefused: {},
        submitting: {
          // While the placement is on its way the form is busy: edits and presses wait for the answer.
          on: { 'placement.edit': {}, 'placement.submit': {} },
          invoke: {
            id: 'placeDeposit',
            src: 'placeDeposit',
            input: ({ event }) => (event as Extract<PlacementEvent, { type: 'placement.submit' }>).request!,
            onDone: { target: '#placement.placed', actions: assign({ placed: ({ event }) => event.output }) },
            onError: [
              { guard: 'hasPreview', target: 'previewed', actions: assign({ problems: ({ event }) => refusalMessages(event.error) }) },
              // Sent before its preview came: the preview is asked again for the same terms.
              { guard: 'hasTerms', target: 'previewing', actions: assign({ problems: ({ event }) => refusalMessages(event.error) }) },
              { target: 'drafting', actions: assign({ problems: ({ event }) => refusalMessages(event.error) }) },
            ],
          },
        },
      },
    },
    placed: { type: 'final' },
  },
});
