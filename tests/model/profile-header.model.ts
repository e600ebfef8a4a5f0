import type { AnyEventObject } from 'xstate';
import { profileHeaderMachine } from '../../machines/profile-header';
import { getEdgeCoveringPaths, type ModelPath } from './walk';

export const name = 'profile-header';
export const machine = profileHeaderMachine;
export const events: AnyEventObject[] = [{ type: 'profileHeader.hide' }];
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, { events });
