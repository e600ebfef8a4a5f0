import type { AnyEventObject } from 'xstate';
import { preloadMachine } from '../../machines/preload';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'preload';
export const machine = preloadMachine;
const settled: AnyEventObject = { type: 'preload.checkSettled' };
const loading: AnyEventObject = { type: 'preload.screenLoading' };
const loaded: AnyEventObject = { type: 'preload.screenLoaded' };
export const events: AnyEventObject[] = [settled, loading, loaded];
/** Up to two screens loading at once: enough to prove the overlay waits for the last of them. */
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, {
  events: (snapshot: { context: { screensLoading: number } }) => (snapshot.context.screensLoading < 2 ? events : [settled, loaded]),
});
