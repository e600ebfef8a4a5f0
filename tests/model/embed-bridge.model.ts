import type { AnyEventObject } from 'xstate';
import { embedBridgeMachine, type EmbedBridgeInput } from '../../machines/embed-bridge';
import { getEdgeCoveringPaths, type ModelPath } from './walk';
import { createRecorder, type Recorder } from './recorder';

export const OWN_ORIGIN = 'https://berjangka.bpr.test';
export const HOST_ORIGIN = 'https://host.mitra.test';
export const EVIL_ORIGIN = 'https://evil.test';

export const inputs: Record<string, EmbedBridgeInput> = {
  'framed by an allowed host': {
    allowedOrigins: [HOST_ORIGIN],
    ownOrigin: OWN_ORIGIN,
    framed: true,
    parentOrigin: HOST_ORIGIN,
    product: 'BPR',
  },
  'framed by a host not allowed': {
    allowedOrigins: [HOST_ORIGIN],
    ownOrigin: OWN_ORIGIN,
    framed: true,
    parentOrigin: EVIL_ORIGIN,
  },
  'top window, product DEPOSITO': {
    allowedOrigins: [`${HOST_ORIGIN}/`],
    ownOrigin: OWN_ORIGIN,
    framed: false,
    parentOrigin: null,
    product: 'DEPOSITO',
  },
};

const origins = [HOST_ORIGIN, OWN_ORIGIN, EVIL_ORIGIN];

/** Every message from every kind of origin: an ignored message is an edge that changes nothing. */
export const events: AnyEventObject[] = [
  ...origins.flatMap((origin) => [
    { type: 'host.hideNavbar', origin },
    { type: 'host.logout', origin },
    { type: 'host.checkIsLoggedIn', origin, hasToken: true },
    { type: 'host.checkIsLoggedIn', origin, hasToken: false },
  ]),
  { type: 'bridge.loggedIn' },
];

export function fakedEmbedBridge(recorder: Recorder) {
  return embedBridgeMachine.provide({
    actions: recorder.actions(['hideSidebar', 'hideProfileHeader', 'logout', 'navigate', 'reply', 'notifyParent']),
  });
}

export const name = 'embed-bridge';
export const machine = fakedEmbedBridge(createRecorder());
// No event filter: messages the bridge ignores are walked too, and must have no effect.
export const paths: ModelPath[] = Object.entries(inputs).flatMap(([label, input]) =>
  getEdgeCoveringPaths(machine, { events, input }).map((path) => ({ ...path, input, label })),
);
