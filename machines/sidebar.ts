import { assign, setup } from 'xstate';

/** The dashboard sidebar (product spec, section 4): `isOpen` is expanded or collapsed, `show` is rendered at all. */

export type SidebarEvent =
  /** Flips isOpen and shows the sidebar. */
  | { type: 'sidebar.toggle' }
  /** Closes and hides it (e.g. the host asked to hide the navbar). */
  | { type: 'sidebar.hide' }
  /** Shows it again, keeping isOpen as it was. */
  | { type: 'sidebar.show' };

export interface SidebarContext {
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
  on: {
    'sidebar.toggle': { actions: assign({ isOpen: ({ context }) => !context.isOpen, show: true }) },
    'sidebar.hide': { actions: assign({ isOpen: false, show: false }) },
    'sidebar.show': { actions: assign({ show: true }) },
  },
});

export type SidebarMachine = typeof sidebarMachine;
