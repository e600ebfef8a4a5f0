import { assign, setup } from 'xstate';

/** The profile header of the dashboard shell (product spec, section 4): shown unless hidden. */

export type ProfileHeaderEvent = { type: 'profileHeader.hide' } | { type: 'profileHeader.show' };

export interface ProfileHeaderContext {
  show: boolean;
}

export const profileHeaderMachine = setup({
  types: {
    context: {} as ProfileHeaderContext,
    events: {} as ProfileHeaderEvent,
  },
}).createMachine({
  id: 'profileHeader',
  context: { show: true },
  on: {
    'profileHeader.hide': { actions: assign({ show: false }) },
    'profileHeader.show': { actions: assign({ show: true }) },
  },
});

export type ProfileHeaderMachine = typeof profileHeaderMachine;
