import { assign, setup } from 'xstate';

/**
 * The dashboard sidebar (product spec, section 4): `isOpen` is expanded or collapsed, `show` is
 * rendered at all. As states: `shown.open`, `shown.closed` and `hidden`; a hidden sidebar is
 * closed too, and the toggle brings it back open.
 */

type SidebarEvent =
  /** Flips isOpen and shows the sidebar. */
  | { type: 'sidebar.toggle' }
  /** Closes and hides it (the host asked to hide the navbar). */
  | { type: 'sidebar.hide' };

interface SidebarContext {
  isOpen: boolean;
  show: boolean;
}

export const sidebarMachine = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent,
  },
}).createMachine({
  id: 'sidebar',
  context: { isOpen: true, show: true },
  initial: 'shown',
  states: {
    shown: {
      initial: 'open',
      states: {
        open: {
          entry: assign({ isOpen: true, show: true }),
          on: { 'sidebar.toggle': 'closed' },
        },
        closed: {
          entry: assign({ isOpen: false, show: true }),
          on: { 'sidebar.toggle': 'open' },
        },
      },
      on: { 'sidebar.hide': 'hidden' },
    },
    hidden: {
      entry: assign({ isOpen: false, show: false }),
      on: { 'sidebar.toggle': 'shown.open' },
    },
  },
});
