import type { AnyEventObject } from 'xstate';
import { preloadMachine } from '../../machines/preload';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'preload';
export const machine = preloadMachine;
export const events: AnyEventObject[] = [
  { type: 'preload.show' },
  { type: 'preload.hide' },
  { type: 'preload.set', value: true },
  { type: 'preload.set', value: false },
];
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events });
