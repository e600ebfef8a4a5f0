import { fromPromise } from 'xstate';

/** Records the named effects a machine asks for, in order, with their params. */
export interface EffectCall {
  name: string;
  params: unknown;
}

export interface Recorder {
  calls: EffectCall[];
  /** Action implementations for `machine.provide({ actions })` that record instead of acting. */
  actions<TName extends string>(names: readonly TName[]): Record<TName, (args: unknown, params: unknown) => void>;
  /**
   * A promise actor that records its start (as `start:<name>` with its input) and never settles:
   * the path under test supplies its `xstate.done.actor.*` / `xstate.error.actor.*` event.
   */
  pending(name: string): ReturnType<typeof fromPromise<any, any>>;
  /** Calls recorded after `mark` (a value `mark()` returned). */
  since(mark: number): EffectCall[];
  mark(): number;
  reset(): void;
}

export function createRecorder(): Recorder {
  const calls: EffectCall[] = [];
  return {
    calls,
    actions(names) {
      return Object.fromEntries(
        names.map((name) => [name, (_args: unknown, params: unknown) => void calls.push({ name, params })]),
      ) as never;
    },
    pending(name) {
      return fromPromise<any, any>(({ input }) => {
        calls.push({ name: `start:${name}`, params: input });
        return new Promise(() => {});
      });
    },
    mark: () => calls.length,
    since: (mark) => calls.slice(mark),
    reset: () => void calls.splice(0),
  };
}
