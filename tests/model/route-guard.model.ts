import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { routeGuardMachine } from '../../machines/route-guard';
import { routeKind } from '../../machines/routes';
import { getEdgeCoveringPaths, type ModelPath } from './walk';
import { createRecorder, type Recorder } from './recorder';

export const revokedBody = { statusCode: 401, message: 'Sesi tidak berlaku.', error: 'Unauthorized' };

const pathChanges: Array<[string, boolean]> = [
  // The token flag only matters on the public screens; the others run the check either way.
  ['/login', false],
  ['/home', true],
  ['/deposito/jatuh-tempo', false],
  // A protected path with a query: a failed check sends to /login remembering all of it.
  ['/deposito/pencairan?status=paid&period=2026-10', false],
  ...['/forgot-password', '/reset-password', '/change-password-expired', '/registration'].flatMap(
    (path): Array<[string, boolean]> => [
      [path, true],
      [path, false],
    ],
  ),
  ['/signature/privy', true],
  ['/signature/privy', false],
];

export const events: AnyEventObject[] = [
  ...pathChanges.map(([path, hasToken]) => ({ type: 'route.changed', path, hasToken })),
  { type: 'xstate.done.actor.checkToken' },
  { type: 'xstate.error.actor.checkToken', error: 'token-expired' },
  { type: 'xstate.error.actor.checkToken', error: 'no-token' },
  { type: 'xstate.error.actor.checkToken', error: revokedBody },
];

export function fakedRouteGuard(recorder: Recorder) {
  return routeGuardMachine.provide({
    actors: { checkToken: recorder.pending('checkToken') },
    actions: recorder.actions(['navigate', 'showErrorToast', 'tokenCheckSettled']),
  });
}

/**
 * A state is its value and the kind of path it decided about; protected paths are told apart by
 * the path itself, since each is remembered differently on the way to /login.
 */
export function serializeState(snapshot: AnyMachineSnapshot): string {
  const path = snapshot.context.path as string | null;
  const route = path === null ? null : routeKind(path);
  return JSON.stringify({ value: snapshot.value, route, ...(route === 'protected' ? { path } : {}) });
}

export const name = 'route-guard';
export const machine = fakedRouteGuard(createRecorder());
export const paths: ModelPath[] = getEdgeCoveringPaths(machine, {
  events,
  serializeState,
  filterEvents: (snapshot, event) => snapshot.can(event),
});
