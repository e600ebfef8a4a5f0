/** Records the named effects a machine asks for, in order, with their params. */
export interface EffectCall {
  name: string;
  params: unknown;
}

export interface Recorder {
  calls: EffectCall[];
  /** Action implementations for `machine.provide({ actions })` that record instead of acting. */
  actions<TName extends string>(names: readonly TName[]): Record<TName, (args: unknown, params: unknown) => void>;
  /** Calls since the mark `since()` returned. */
  since(mark: number): EffectCall[];
  mark(): number;
  named(name: string, calls?: EffectCall[]): EffectCall[];
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
    mark: () => calls.length,
    since: (mark) => calls.slice(mark),
    named: (name, from = calls) => from.filter((call) => call.name === name),
    reset: () => void calls.splice(0),
  };
}
