import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { definedTransitions, getEdgeCoveringPaths, replay, unwalked } from '../model/walk';

// A machine with a guarded branch, an eventless transition and a back edge: the three things
// a naive path generator misses.
const machine = setup({
  types: { events: {} as { type: 'go' } | { type: 'skip' } | { type: 'back' } },
  guards: { allowed: () => true },
}).createMachine({
  id: 'sample',
  initial: 'start',
  states: {
    start: { on: { go: 'middle', skip: { target: 'end', guard: 'allowed' } } },
    middle: { always: 'end' },
    end: { on: { back: 'start' } },
  },
});
const events = [{ type: 'go' }, { type: 'skip' }, { type: 'back' }] as const;

describe('model walk helpers', () => {
  it('lists every defined transition, eventless and guarded ones included', () => {
    expect([...definedTransitions(machine)].sort()).toEqual([
      'sample.end --back--> sample.start',
      'sample.middle --(always)--> sample.end',
      'sample.start --go--> sample.middle',
      'sample.start --skip[allowed]--> sample.end',
    ]);
  });

  it('generates paths that take every edge, the back edge included', () => {
    const walked = new Set<string>();
    for (const path of getEdgeCoveringPaths(machine, { events: [...events] })) {
      for (const name of replay(machine, path.steps)) walked.add(name);
    }
    expect(unwalked(machine, walked)).toEqual([]);
  });

  it('reports a transition no path walks', () => {
    const walked = replay(machine, [{ event: { type: 'xstate.init' } }, { event: { type: 'go' } }]);
    expect(unwalked(machine, walked)).toEqual([
      'sample.end --back--> sample.start',
      'sample.start --skip[allowed]--> sample.end',
    ]);
  });
});
