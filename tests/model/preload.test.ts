import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { preloadMachine } from '../../machines/preload';
import { walkModel } from './harness';
import * as preload from './preload.model';

/**
 * The oracle, written from the rule and not from the machine: the overlay shows until the first
 * token check has settled, and afterwards while any screen's code is loading (a screen that
 * finished loading when none was counted changes nothing).
 */
let checkSettled = false;
let screensLoading = 0;

walkModel({
  title: 'preload flag, walked by generated paths',
  paths: preload.paths,
  build: () => preload.machine,
  check: ({ snapshot, event }) => {
    if (event.type === 'xstate.init') {
      checkSettled = false;
      screensLoading = 0;
    }
    if (event.type === 'preload.checkSettled') checkSettled = true;
    if (event.type === 'preload.screenLoading') screensLoading += 1;
    if (event.type === 'preload.screenLoaded') screensLoading = Math.max(0, screensLoading - 1);
    expect(snapshot.context.preload).toBe(!checkSettled || screensLoading > 0);
  },
});

describe('preload flag', () => {
  it('is true at boot, so the overlay covers the screen until the first token check settles', () => {
    expect(createActor(preloadMachine).start().getSnapshot().context.preload).toBe(true);
  });

  it('stays up after the check while a screen that began loading during it is still loading', () => {
    const actor = createActor(preloadMachine).start();
    actor.send({ type: 'preload.screenLoading' });
    actor.send({ type: 'preload.checkSettled' });
    expect(actor.getSnapshot().context.preload).toBe(true);
    actor.send({ type: 'preload.screenLoaded' });
    expect(actor.getSnapshot().context.preload).toBe(false);
  });

  it('waits for the last of two screens loading at once', () => {
    const actor = createActor(preloadMachine).start();
    actor.send({ type: 'preload.checkSettled' });
    actor.send({ type: 'preload.screenLoading' });
    actor.send({ type: 'preload.screenLoading' });
    actor.send({ type: 'preload.screenLoaded' });
    expect(actor.getSnapshot().context.preload).toBe(true);
    actor.send({ type: 'preload.screenLoaded' });
    expect(actor.getSnapshot().context.preload).toBe(false);
  });
});
