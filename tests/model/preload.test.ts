import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { preloadMachine } from '../../machines/preload';
import { walkModel } from './harness';
import * as preload from './preload.model';

walkModel({
  title: 'preload flag, walked by generated paths',
  paths: preload.paths,
  build: () => preload.machine,
  check: ({ snapshot, event }) => {
    const expected =
      event.type === 'preload.set' ? event.value : { 'xstate.init': true, 'preload.show': true, 'preload.hide': false }[event.type];
    expect(snapshot.context.preload).toBe(expected);
  },
});

describe('preload default', () => {
  it('is true at boot, so the overlay covers the screen until the first token check settles', () => {
    expect(createActor(preloadMachine).start().getSnapshot().context.preload).toBe(true);
  });
});
