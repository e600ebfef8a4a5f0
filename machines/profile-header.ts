import { assign, setup } from 'xstate';

/**
 * The profile header of the dashboard shell (product spec, section 4): shown until the host asks
 * to hide it (`hideProfileHeader`), then hidden for the rest of the page's life — the spec gives
 * no message that shows it again.
 */

type ProfileHeaderEvent = { type: 'profileHeader.hide' };

interface ProfileHeaderContext {
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
  initial: 'shown',
  states: {
    shown: {
      on: { 'profileHeader.hide': 'hidden' },
    },
    hidden: {
      entry: assign({ show: false }),
    },
  },
});
