import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { pathTitle, replay, unwalked, type ModelPath } from './walk';
import { createRecorder, type EffectCall, type Recorder } from './recorder';

export interface StepCheck {
  snapshot: AnyMachineSnapshot;
  /** The snapshot before this step (undefined for the initial state). */
  previous: AnyMachineSnapshot | undefined;
  event: EventObject & Record<string, any>;
  /** Effects the step asked for, in order (`start:<actor>` for an actor it started). */
  effects: EffectCall[];
  recorder: Recorder;
  path: ModelPath;
}

/**
 * Replays every path against a freshly faked machine, checks each step with `check` (what the
 * reached state means and what the step did), then asserts the paths walked every transition.
 */
export function walkModel(options: {
  title: string;
  paths: readonly ModelPath[];
  build: (recorder: Recorder) => AnyStateMachine;
  input?: unknown;
  check: (step: StepCheck) => void;
}) {
  describe(options.title, () => {
    const walked = new Set<string>();

    it.each(options.paths.map((path) => [pathTitle(path), path] as const))('%s', (_title, path) => {
      const recorder = createRecorder();
      let mark = 0;
      let previous: AnyMachineSnapshot | undefined;
      const taken = replay(options.build(recorder), path.steps, {
        input: path.input ?? options.input,
        afterEach: (snapshot, step, index) => {
          const effects = recorder.since(mark);
          mark = recorder.mark();
          // The running machine agrees with the graph the path was generated from.
          expect(snapshot.value).toEqual(path.steps[index]!.state.value);
          options.check({ snapshot, previous, event: step.event as never, effects, recorder, path });
          previous = snapshot;
        },
      });
      for (const name of taken) walked.add(name);
    });

    it('walks every transition the machine defines', () => {
      expect(options.paths.length).toBeGreaterThan(0);
      expect(unwalked(options.build(createRecorder()), walked)).toEqual([]);
    });
  });
}
