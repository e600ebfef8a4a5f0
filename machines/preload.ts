import { assign, setup } from 'xstate';

/**
 * The preload flag behind the loading overlay (product spec, sections 2 and 4): true shows the
 * full-screen overlay, false hides it; true by default.
 *
 * Who moves it (the spec leaves the triggers open; this is our decision), as states:
 * - `booting`: from the start until the first token check settles (the route guard's
 *   `tokenCheckSettled`, or a public screen that needs no check): `preload.checkSettled`;
 * - `screensLoading`: a lazily loaded screen's code is still loading (its Suspense fallback is
 *   mounted: `preload.screenLoading`, gone again: `preload.screenLoaded`); several may load at
 *   once, and the overlay stays until the last is there;
 * - `idle`: nothing to wait for; the flag is false.
 */

type PreloadEvent =
  | { type: 'preload.checkSettled' }
  | { type: 'preload.screenLoading' }
  | { type: 'preload.screenLoaded' };

interface PreloadContext {
  /** The spec's flag: true while the overlay covers the screen. */
  preload: boolean;
  /** Screens whose code is loading now. */
  screensLoading: number;
}

export const preloadMachine = setup({
  types: {
    context: {} as PreloadContext,
    events: {} as PreloadEvent,
  },
  actions: {
    countLoading: assign({ screensLoading: ({ context }) => context.screensLoading + 1 }),
    countLoaded: assign({ screensLoading: ({ context }) => Math.max(0, context.screensLoading - 1) }),
    raise: assign({ preload: true }),
    lower: assign({ preload: false }),
  },
  guards: {
    noScreenLoading: ({ context }) => context.screensLoading === 0,
  },
}).createMachine({
  id: 'preload',
  context: { preload: true, screensLoading: 0 },
  initial: 'booting',
  states: {
    booting: {
      entry: 'raise',
      on: {
        'preload.screenLoading': { actions: 'countLoading' },
        'preload.screenLoaded': { actions: 'countLoaded' },
        'preload.checkSettled': 'screensLoading',
      },
    },
    screensLoading: {
      entry: 'raise',
      always: { guard: 'noScreenLoading', target: 'idle' },
      on: {
        'preload.screenLoading': { actions: 'countLoading' },
        'preload.screenLoaded': { actions: 'countLoaded' },
      },
    },
    idle: {
      entry: 'lower',
      on: {
        'preload.screenLoading': { target: 'screensLoading', actions: 'countLoading' },
      },
    },
  },
});
