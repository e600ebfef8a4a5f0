import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sidebarMachine } from '../../machines/sidebar';
import { walkModel } from './harness';
import * as sidebar from './sidebar.model';

walkModel({
  title: 'sidebar, walked by generated paths',
  paths: sidebar.paths,
  build: () => sidebar.machine,
  check: ({ snapshot, previous, event }) => {
    const { isOpen, show } = snapshot.context;
    // A hidden sidebar is never open.
    if (!show) expect(isOpen).toBe(false);
    switch (event.type) {
      case 'xstate.init':
        expect({ isOpen, show }).toEqual({ isOpen: true, show: true });
        return;
      case 'sidebar.toggle':
        expect(isOpen).toBe(!previous!.context.isOpen);
        expect(show).toBe(true);
        return;
      case 'sidebar.hide':
        expect({ isOpen, show }).toEqual({ isOpen: false, show: false });
        return;
    }
  },
});

describe('sidebar defaults', () => {
  it('starts open and shown', () => {
    expect(createActor(sidebarMachine).start().getSnapshot().context).toEqual({ isOpen: true, show: true });
  });

  it('shows a hidden sidebar again when toggled, open', () => {
    const actor = createActor(sidebarMachine).start();
    actor.send({ type: 'sidebar.hide' });
    actor.send({ type: 'sidebar.toggle' });
    expect(actor.getSnapshot().context).toEqual({ isOpen: true, show: true });
  });
});
