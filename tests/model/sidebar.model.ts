import type { AnyEventObject } from 'xstate';
import { sidebarMachine } from '../../machines/sidebar';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'sidebar';
export const machine = sidebarMachine;
export const events: AnyEventObject[] = [{ type: 'sidebar.toggle' }, { type: 'sidebar.hide' }, { type: 'sidebar.show' }];
/** States are the (isOpen, show) pairs reachable from the default open, shown sidebar. */
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events });
