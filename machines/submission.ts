/**
 * One write of a form or a dialog (issue 20): every screen sends its saves through this machine.
 *
 *   idle → submitting → succeeded | refused | failed      (a later submit starts again from any of the three)
 *   any but submitting → refused                          (the form's own check found problems: nothing is sent)
 *
 * The machine decides which `Idempotency-Key` a save carries (API.md: the same key with the same
 * payload answers the first result again; with another payload, 422). A key belongs to one
 * submission of one payload:
 * - another payload (another payout, another reference, another file) gets a new key;
 * - the same payload sent again while its last attempt got no answer the server keeps — none at
 *   all (network down, timeout) or a 5xx — keeps its key, so a save that did go through is
 *   answered once more instead of being made twice;
 * - once the server answered (a success, or a refusal such as "bilyet belum dikembalikan"), the key
 *   is spent: the same payload sent later, after staff fixed the cause, is a new submission and
 *   must not be answered with the old refusal.
 *
 * It also sorts what stops a save: a refusal's sentences (a 400 names every invalid field, one
 * sentence each, each opening with the field's label) go beside the field they name, the rest
 * into the summary. Pure: the request is the `send` actor the view provides; the fresh key comes
 * with the submit event (the view mints it), the machine decides whether to use it.
 */
import { assign, fromPromise, setup } from 'xstate';

/** How the sentences name each field: field name → the openings of its sentences (its label, …). */
export type FieldOpenings = Readonly<Record<string, readonly string[]>>;

/** What the `send` actor is given: the payload and the key it carries. */
export interface SubmissionRequest {
  payload: unknown;
  key: string;
}

export interface SubmissionContext {
  /** Keys of payloads whose last attempt got no final answer: payload fingerprint → key. */
  open: Record<string, string>;
  /** The submission on its way or last answered: its payload's fingerprint, key and payload. */
  attempt: { fingerprint: string; key: string; payload: unknown } | null;
  /** The field openings of the last submit or check. */
  fields: FieldOpenings;
  /** Every problem of a refusal that names a field, by field (all of them, in the order given). */
  fieldErrors: Record<string, string[]>;
  /** The problems that name no field, or why nothing came back (no answer, a 5xx). */
  summary: string[];
  /** The success's answer. */
  answer: unknown;
  /** What the request rejected with (the screen may read more from it: a 409, a duplicate's id). */
  failure: unknown;
  /** How many attempts were started: a submit that did not raise it was ignored. */
  sent: number;
  /** How many outcomes were shown: the view moves the focus on each. */
  round: number;
}

type SubmissionEvent =
  | { type: 'submission.submit'; payload: unknown; freshKey: string; fields?: FieldOpenings }
  | { type: 'submission.invalid'; problems?: readonly string[]; fieldProblems?: Readonly<Record<string, readonly string[]>>; fields?: FieldOpenings }
  | { type: 'submission.reset' };

export type SubmissionStatus = 'idle' | 'submitting' | 'succeeded' | 'refused' | 'failed';

const FALLBACK_PROBLEM = 'Terjadi kesalahan.';

/**
 * True when a failed call's answer is final for its key: the server stored it (any answer below
 * 500). No HTTP answer (`statusCode` 0, see the SPA's ApiFailure) or a 5xx leaves the key open.
 */
export function answeredFinally(failure: unknown): boolean {
  const status = typeof failure === 'object' && failure !== null ? (failure as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && status > 0 && status < 500;
}

function describeFile(file: Blob): Record<string, unknown> {
  const named = file as Blob & { name?: string; lastModified?: number };
  return { file: named.name ?? '', size: file.size, type: file.type, lastModified: named.lastModified ?? null };
}

/**
 * The same text for the same payload whatever the order of its keys; a file counts by its name,
 * size, type and modification time (the bytes are not read).
 */
export function payloadFingerprint(payload: unknown): string {
  const normalize = (value: unknown): unknown => {
    if (typeof Blob !== 'undefined' && value instanceof Blob) return describeFile(value);
    if (Array.isArray(value)) return value.map(normalize);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, normalize((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return JSON.stringify(normalize(payload)) ?? 'undefined';
}

/**
 * The sentences of a failure, as the app says errors (product spec section 8): a string as is; an
 * envelope's `message`, one sentence or one per invalid field; anything else the fallback.
 */
function problemSentences(failure: unknown): string[] {
  if (typeof failure === 'string') return [failure];
  const message = typeof failure === 'object' && failure !== null ? (failure as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return [message];
  if (Array.isArray(message) && message.length > 0 && message.every((entry) => typeof entry === 'string')) return [...message];
  return [FALLBACK_PROBLEM];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The field a sentence names: the one with the longest opening it begins with, as a whole word. */
function fieldNamed(sentence: string, fields: FieldOpenings): string | null {
  let best: { name: string; length: number } | null = null;
  for (const [name, openings] of Object.entries(fields)) {
    for (const opening of openings) {
      if (opening === '' || !sentence.startsWith(opening)) continue;
      const next = sentence.charAt(opening.length);
      if (next !== '' && LETTER_OR_DIGIT.test(next)) continue;
      if (!best || opening.length > best.length) best = { name, length: opening.length };
    }
  }
  return best?.name ?? null;
}

/** Every sentence beside the field it names, the rest in the summary; a sentence said twice is said once. */
export function sortProblems(sentences: readonly string[], fields: FieldOpenings): { fieldErrors: Record<string, string[]>; summary: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const summary: string[] = [];
  for (const sentence of new Set(sentences)) {
    const name = fieldNamed(sentence, fields);
    if (name === null) summary.push(sentence);
    else (fieldErrors[name] ??= []).push(sentence);
  }
  return { fieldErrors, summary };
}

function notProvided(): never {
  throw new Error('submission: the "send" actor must be provided by the view');
}

const noProblems = (): Pick<SubmissionContext, 'fieldErrors' | 'summary' | 'failure'> => ({ fieldErrors: {}, summary: [], failure: null });

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
  },
  actors: {
    /** The request: resolves with the answer, rejects with what failed (an ApiFailure). */
    send: fromPromise<unknown, SubmissionRequest>(async () => notProvided()),
  },
  guards: {
    answeredFinally: ({ event }) => answeredFinally((event as { error?: unknown }).error),
  },
  actions: {
    /** The key: the one still open for this payload, else the fresh one; kept open until answered. */
    start: assign(({ context, event }) => {
      const { payload, freshKey, fields = {} } = event as Extract<SubmissionEvent, { type: 'submission.submit' }>;
      const fingerprint = payloadFingerprint(payload);
      const key = context.open[fingerprint] ?? freshKey;
      return {
        ...noProblems(),
        open: { ...context.open, [fingerprint]: key },
        attempt: { fingerprint, key, payload },
        fields,
        answer: null,
        sent: context.sent + 1,
      };
    }),
    /** The form's own check: problems it placed itself first, then its sentences sorted as a refusal's. */
    refuseLocally: assign(({ context, event }) => {
      const { problems = [], fieldProblems = {}, fields = {} } = event as Extract<SubmissionEvent, { type: 'submission.invalid' }>;
      const sorted = sortProblems(problems, fields);
      const fieldErrors: Record<string, string[]> = {};
      for (const [name, placed] of Object.entries(fieldProblems)) if (placed.length > 0) fieldErrors[name] = [...placed];
      for (const [name, found] of Object.entries(sorted.fieldErrors)) fieldErrors[name] = [...new Set([...(fieldErrors[name] ?? []), ...found])];
      return { fieldErrors, summary: sorted.summary, fields, failure: null, answer: null, round: context.round + 1 };
    }),
    clear: assign(() => noProblems()),
  },
}).createMachine({
  id: 'submission',
  context: { open: {}, attempt: null, fields: {}, fieldErrors: {}, summary: [], answer: null, failure: null, sent: 0, round: 0 },
  initial: 'idle',
  on: {
    'submission.submit': { target: '.submitting', actions: 'start' },
    'submission.invalid': { target: '.refused', actions: 'refuseLocally' },
    'submission.reset': { target: '.idle', actions: 'clear' },
  },
  states: {
    idle: {},
    submitting: {
      // One at a time: a second press, a check or a reset while the request is out changes nothing.
      on: { 'submission.submit': {}, 'submission.invalid': {}, 'submission.reset': {} },
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ payload: context.attempt!.payload, key: context.attempt!.key }),
        onDone: {
          target: 'succeeded',
          actions: assign(({ context, event }) => {
            const { [context.attempt!.fingerprint]: _spent, ...open } = context.open;
            return { open, answer: event.output, round: context.round + 1 };
          }),
        },
        onError: [
          {
            // The server answered: the key is spent; every sentence goes beside its field or into the summary.
            guard: 'answeredFinally',
            target: 'refused',
            actions: assign(({ context, event }) => {
              const { [context.attempt!.fingerprint]: _spent, ...open } = context.open;
              return { open, ...sortProblems(problemSentences(event.error), context.fields), failure: event.error, round: context.round + 1 };
            }),
          },
          {
            // No answer, or a 5xx: the key stays with this payload for the retry.
            target: 'failed',
            actions: assign(({ context, event }) => ({ fieldErrors: {}, summary: problemSentences(event.error), failure: event.error, round: context.round + 1 })),
          },
        ],
      },
    },
    succeeded: {},
    refused: {},
    failed: {},
  },
});
