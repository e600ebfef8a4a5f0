import { assign, setup } from 'xstate';

/**
 * The preload flag behind the loading overlay (product spec, sections 2 and 4): true shows the
 * full-screen overlay, false hides it; true by default.
 *
 * Who moves it (the spec leaves the triggers open; this is our decision):
 * - it is true at boot and stays true until the first token check settles (the route guard's
 *   `tokenCheckSettled` action sends `preload.hide`);
 * - a lazily loaded screen sends `preload.show` while its code loads (Suspense fallback mounted)
 *   and `preload.hide` when it has loaded.
 */

export type PreloadEvent =
  | { type: 'preload.show' }
  | { type: 'preload.hide' }
  | { type: 'preload.set'; value: boolean };

export interface PreloadContext {
  preload: boolean;
}

export const preloadMachine = setup({
  types: {
    context: {} as PreloadContext,
    events: {} as PreloadEvent,
  },
}).createMachine({
  id: 'preload',
  context: { preload: true },
  on: {
    'preload.show': { actions: assign({ preload: true }) },
    'preload.hide': { actions: assign({ preload: false }) },
    'preload.set': { actions: assign({ preload: ({ event }) => event.value }) },
  },
});

export type PreloadMachine = typeof preloadMachine;
