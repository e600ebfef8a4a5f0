import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo, useRef } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { submissionMachine, type FieldOpenings, type SubmissionRequest, type SubmissionStatus } from '@machines/submission';
import { newIdempotencyKey } from '../lib/idempotency';
import { wroteTo, type ServerAnswer, type ServerKey } from '../lib/server-data';
import { AppActorsContext } from './actors-context';

/** How a submit ended: the answer; a refusal or a failure (already shown); or ignored while another was on its way. */
export type SubmitOutcome<T> =
  | { ok: true; answer: T }
  | { ok: false; status: 'refused' | 'failed'; failure: unknown; /** The HTTP status (0: no answer), null for no ApiFailure. */ statusCode: number | null }
  | { ok: false; status: 'ignored'; failure: null; statusCode: null };

/** Problems the form found itself: sentences sorted by the fields' labels, and problems already placed by field name. */
export interface LocalProblems {
  problems?: readonly string[];
  fieldProblems?: Readonly<Record<string, readonly string[]>>;
}

/** What one submission's writes change in what views read (src/lib/server-data.ts). */
export interface SubmitOptions {
  /**
   * The keys a success changes: everything below them is read again. Without it a success changes
   * every area but reference data — name less only when the write surely touches nothing else.
   */
  invalidates?: readonly ServerKey[];
}

/** One submit's own say about the cache. */
export interface SubmitCall<T> {
  /** What the answer itself is (a transition answers the deposit's detail): put in the cache, not fetched again. */
  answered?: (answer: T) => readonly ServerAnswer[];
  /** This call's keys, over the submission's (`[]`: a check that changes nothing). */
  invalidates?: readonly ServerKey[];
}

/**
 * One form's or dialog's writes, through machines/submission.ts: what the view shows (pending,
 * every field's problems, the summary) and what it does (submit, report its own check, reset).
 */
export interface Submission {
  status: SubmissionStatus;
  pending: boolean;
  fieldErrors: Readonly<Record<string, readonly string[]>>;
  summary: readonly string[];
  /** The HTTP status of the last refusal or failure (0: no answer), null otherwise. */
  failedWith: number | null;
  /** What the last refusal or failure rejected with (a duplicate's `data.existingId`), null otherwise. */
  failure: unknown;
  /** Raised by each refusal or failure shown: the form moves the focus then. */
  round: number;
  /**
   * Sends `payload` once with the key the machine chose for it (`request` makes the call). A
   * refusal or a failure is shown by the form (and as a toast, for after the dialog closes). A
   * success puts what it answered into the cache and has what it changed read again.
   */
  submit<T>(payload: unknown, request: (key: string) => Promise<T>, call?: SubmitCall<T>): Promise<SubmitOutcome<T>>;
  /** The form's own check stopped it: nothing is sent, every problem is shown. */
  invalid(problems: LocalProblems): void;
  /** Forgets what was shown (a dialog opened again); keys still open are kept for a retry. */
  reset(): void;
  /** Fields say how the sentences name them (their label): see components/Form.tsx. */
  registerField(name: string, openings: readonly string[]): () => void;
}

type Snapshot = SnapshotFrom<typeof submissionMachine>;

function statusCodeOf(failure: unknown): number | null {
  const status = typeof failure === 'object' && failure !== null ? (failure as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' ? status : null;
}

/**
 * Runs one submission machine for a form or a dialog (or a screen's dialogs, so a save retried
 * after no answer keeps its key even when its dialog was closed and opened again). Each success
 * invalidates what `options.invalidates` names (by default every area's reads): the views on
 * screen read again what the write changed, without a reload.
 */
export function useSubmit(options: SubmitOptions = {}): Submission {
  const app = useContext(AppActorsContext);
  const client = useQueryClient();
  const invalidates = useRef(options.invalidates);
  invalidates.current = options.invalidates;
  const request = useRef<(key: string) => Promise<unknown>>(async () => undefined);
  const fields = useRef(new Map<string, Map<symbol, readonly string[]>>());
  const actor = useActorRef(
    submissionMachine.provide({
      actors: { send: fromPromise<unknown, SubmissionRequest>(async ({ input }) => request.current(input.key)) },
    }),
  );
  const snapshot = useSelector(actor, (current) => current);

  const openings = useCallback((): FieldOpenings => {
    const all: Record<string, string[]> = {};
    for (const [name, entries] of fields.current) all[name] = [...entries.values()].flat();
    return all;
  }, []);

  const submit = useCallback(
    <T>(payload: unknown, send: (key: string) => Promise<T>, call: SubmitCall<T> = {}): Promise<SubmitOutcome<T>> => {
      // One at a time: the machine ignores a press while a request is out, and so does the request here.
      if (actor.getSnapshot().value === 'submitting') return Promise.resolve({ ok: false, status: 'ignored', failure: null, statusCode: null });
      request.current = send;
      return new Promise((resolve) => {
        const settle = (current: Snapshot) => {
          if (current.value === 'submitting') return;
          subscription.unsubscribe();
          if (current.value === 'succeeded') {
            const answer = current.context.answer as T;
            wroteTo(client, call.invalidates ?? invalidates.current, call.answered?.(answer));
            return resolve({ ok: true, answer });
          }
          const { failure } = current.context;
          // Said in the form (its summary, its fields) and as a toast, for after a dialog closes.
          app?.showError(failure);
          resolve({ ok: false, status: current.value === 'refused' ? 'refused' : 'failed', failure, statusCode: statusCodeOf(failure) });
        };
        const subscription = actor.subscribe(settle);
        actor.send({ type: 'submission.submit', payload, freshKey: newIdempotencyKey(), fields: openings() });
      });
    },
    [actor, app, client, openings],
  );

  const invalid = useCallback((local: LocalProblems) => actor.send({ type: 'submission.invalid', ...local, fields: openings() }), [actor, openings]);
  const reset = useCallback(() => actor.send({ type: 'submission.reset' }), [actor]);
  const registerField = useCallback((name: string, names: readonly string[]) => {
    const token = Symbol(name);
    const entries = fields.current.get(name) ?? new Map<symbol, readonly string[]>();
    entries.set(token, names);
    fields.current.set(name, entries);
    return () => {
      entries.delete(token);
      if (entries.size === 0) fields.current.delete(name);
    };
  }, []);

  const { value, context } = snapshot;
  return useMemo(
    () => ({
      status: value,
      pending: value === 'submitting',
      fieldErrors: context.fieldErrors,
      summary: context.summary,
      failedWith: value === 'refused' || value === 'failed' ? statusCodeOf(context.failure) : null,
      failure: context.failure,
      round: context.round,
      submit,
      invalid,
      reset,
      registerField,
    }),
    [value, context, submit, invalid, reset, registerField],
  );
}
