import { walkModel } from './harness';
import { expect } from 'vitest';
import * as profileHeader from './profile-header.model';

walkModel({
  title: 'profile header, walked by generated paths',
  paths: profileHeader.paths,
  build: () => profileHeader.machine,
  check: ({ snapshot, event }) => {
    const expected = { 'xstate.init': true, 'profileHeader.hide': false, 'profileHeader.show': true }[event.type];
    expect(snapshot.context.show).toBe(expected);
  },
});
