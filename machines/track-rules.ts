/**
 * What the small track machines (bilyet, shipment, signature) share: one list of checks per
 * event, read by the machine's guard, by `whyNot` and by `allowedEvents`, so "may I?" and the
 * reason for "no" cannot disagree — the deposit machine's pattern, with the state passed in
 * (a bilyet receipt means something else at the counter than from the courier).
 */
import { hasRole, isIsoDate, refusal, type Actor, type ActorRole, type IsoDate, type Refusal, type RefusalCategory } from './deposit-rules';

export const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/** An optional id or text: absent, or blank, is null; otherwise trimmed. */
export const optional = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A moment reported by a provider (the courier's tracking, Privy's callback), in the bank's local
 * time (Asia/Jakarta) without a zone: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm[:ss]'. The server converts
 * what the provider sends; the machines only need its business date and an order.
 */
export type LocalTimestamp = string;

export function isLocalTimestamp(value: unknown): value is LocalTimestamp {
  if (typeof value !== 'string') return false;
  const match = TIMESTAMP.exec(value);
  if (!match || !isIsoDate(match[1])) return false;
  const [, , hours, minutes, seconds] = match;
  if (hours === undefined) return true;
  return Number(hours) < 24 && Number(minutes) < 60 && (seconds === undefined || Number(seconds) < 60);
}

/** The business date of a local timestamp: its first ten characters. */
export function businessDateOf(at: LocalTimestamp): IsoDate {
  return at.slice(0, 10);
}

export interface CheckArgs<S, C, E> {
  status: S;
  context: C;
  event: E;
}

export interface Check<S, C, E> {
  category: RefusalCategory;
  /**
   * Reads the event's own payload (a number, a date, a document): skipped when only asking what
   * to offer (`allowedEvents`), and run after the checks that read the actor, state and context.
   */
  payload?: true;
  passes: (args: CheckArgs<S, C, E>) => boolean;
  message: (args: CheckArgs<S, C, E>) => string;
}

export interface TrackRule<S, C, E> {
  /** States in which the event is defined. */
  from: readonly S[];
  /** Who may send it; each role also admits the staff roles above it (deposit-rules `hasRole`). */
  roles: readonly ActorRole[];
  roleMessage: string;
  checks: ReadonlyArray<Check<S, C, E>>;
}

export function mayAct(actor: Actor | undefined, roles: readonly ActorRole[]): boolean {
  return !!actor && roles.some((role) => hasRole(actor.role, role));
}

export type Phase = 'offer' | 'full';

/**
 * The first refusal of `rule` for the event, the state being one the event is defined in.
 * Order: who (403), the business date given (400), the state's and context's conditions (409),
 * then — unless only offering — the payload, in the order the checks are listed.
 */
export function firstRefusal<S, C, E extends { actor: Actor; today: IsoDate }>(
  rule: TrackRule<S, C, E>,
  args: CheckArgs<S, C, E>,
  phase: Phase,
): Refusal | null {
  if (!mayAct(args.event.actor, rule.roles)) return refusal('forbidden', rule.roleMessage);
  const contextChecks = rule.checks.filter((check) => !check.payload);
  for (const check of contextChecks) {
    if (check.category === 'forbidden' && !check.passes(args)) return refusal('forbidden', check.message(args));
  }
  if (!isIsoDate(args.event.today)) return refusal('invalid', 'Tanggal bisnis tidak valid.');
  for (const check of contextChecks) {
    if (check.category !== 'forbidden' && !check.passes(args)) return refusal(check.category, check.message(args));
  }
  if (phase === 'offer') return null;
  for (const check of rule.checks) {
    if (check.payload && !check.passes(args)) return refusal(check.category, check.message(args));
  }
  return null;
}
