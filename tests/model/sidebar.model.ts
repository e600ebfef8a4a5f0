import type { AnyEventObject } from 'xstate';
import { sidebarMachine } from '../../machines/sidebar';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'sidebar';
export const machine = sidebarMachine;
export const events: AnyEventObject[] = [{ type: 'sidebar.toggle' }, { type: 'sidebar.hide' }];
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events });
