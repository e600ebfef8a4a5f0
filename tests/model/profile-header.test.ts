import { walkModel } from './harness';
import { expect } from 'vitest';
import * as profileHeader from './profile-header.model';

walkModel({
  title: 'profile header, walked by generated paths',
  paths: profileHeader.paths,
  build: () => profileHeader.machine,
  check: ({ snapshot, event }) => {
    // Shown until the host hides it; hidden stays hidden (the spec has no message that shows it).
    const expected = { 'xstate.init': true, 'profileHeader.hide': false }[event.type];
    expect(snapshot.context.show).toBe(expected);
  },
});
