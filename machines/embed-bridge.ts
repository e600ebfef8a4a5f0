import { setup } from 'xstate';
import { ROUTES } from './routes';

/**
 * The embed bridge (product spec, section 7; API.md, "Host window messages"): answers the host
 * application that frames the product, and tells the parent when a login succeeds.
 *
 * The window transport is the app's: it turns each `message` event into a `host.*` event with
 * `hostEventFromMessage` and provides the `reply` / `notifyParent` actions (postMessage to the
 * sender with the given target origin, and `window.chrome.webview.postMessage` when present).
 * Other named effects: `hideSidebar`, `hideProfileHeader`, `logout`, `navigate`.
 */

const DEFAULT_PRODUCT = 'BPR';

type HostMessageName = 'hideNavbar' | 'logout' | 'checkIsLoggedIn';

type EmbedBridgeEvent =
  | { type: 'host.hideNavbar'; origin: string }
  | { type: 'host.logout'; origin: string }
  /** `hasToken`: whether a token is stored when the message arrives. */
  | { type: 'host.checkIsLoggedIn'; origin: string; hasToken: boolean }
  /** A login succeeded (sent by the session's `announceLogin`). */
  | { type: 'bridge.loggedIn' };

export interface EmbedBridgeInput {
  /** The product id in `LoggedIn{product}` / `LoggedOut{product}`; `BPR` by default. */
  product?: string;
  /** Origins of host applications allowed to talk to the product (EMBED_ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
  /** The app's own origin, always allowed. */
  ownOrigin: string;
  /** Whether the app runs inside a frame (`window.parent !== window`). */
  framed: boolean;
  /** The framing parent's origin when known (e.g. `location.ancestorOrigins[0]`), else null. */
  parentOrigin: string | null;
}

interface EmbedBridgeContext {
  product: string;
  allowedOrigins: string[];
  framed: boolean;
  parentOrigin: string | null;
}

const loggedInMessage = (product: string) => `LoggedIn${product}`;
const loggedOutMessage = (product: string) => `LoggedOut${product}`;
const DONE_HIDE_NAVBAR = 'doneHideNavbar';

const HOST_MESSAGES: readonly HostMessageName[] = ['hideNavbar', 'logout', 'checkIsLoggedIn'];

/** `https://host.example/` and `https://host.example` are one origin. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '');
}

/**
 * Turns a window message (`{ eventMessage }`) into the bridge's event; null for anything else,
 * which the app simply drops. The origin is checked by the machine, not here.
 */
export function hostEventFromMessage(data: unknown, origin: string, hasToken: boolean): EmbedBridgeEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const name = (data as { eventMessage?: unknown }).eventMessage;
  if (typeof name !== 'string' || !HOST_MESSAGES.includes(name as HostMessageName)) return null;
  switch (name as HostMessageName) {
    case 'hideNavbar':
      return { type: 'host.hideNavbar', origin };
    case 'logout':
      return { type: 'host.logout', origin };
    case 'checkIsLoggedIn':
      return { type: 'host.checkIsLoggedIn', origin, hasToken };
  }
}

function notProvided(name: string): never {
  throw new Error(`embed bridge: the "${name}" effect must be provided by the app`);
}

function senderOrigin(event: EmbedBridgeEvent): string {
  return 'origin' in event ? event.origin : '';
}

export const embedBridgeMachine = setup({
  types: {
    context: {} as EmbedBridgeContext,
    events: {} as EmbedBridgeEvent,
    input: {} as EmbedBridgeInput,
  },
  actions: {
    hideSidebar: () => notProvided('hideSidebar'),
    hideProfileHeader: () => notProvided('hideProfileHeader'),
    /** Logs the session out (the app sends `session.logout`). */
    logout: () => notProvided('logout'),
    navigate: (_, _params: { to: string }) => notProvided('navigate'),
    /** Posts `message` to the sender with `targetOrigin` (never '*'), and to a desktop webview host when present. */
    reply: (_, _params: { message: string; targetOrigin: string }) => notProvided('reply'),
    /** Posts `message` to the framing parent with `targetOrigin`. */
    notifyParent: (_, _params: { message: string; targetOrigin: string }) => notProvided('notifyParent'),
  },
  guards: {
    originAllowed: ({ context, event }) => context.allowedOrigins.includes(normalizeOrigin(senderOrigin(event))),
    loggedInAndOriginAllowed: ({ context, event }) =>
      event.type === 'host.checkIsLoggedIn' && event.hasToken && context.allowedOrigins.includes(normalizeOrigin(event.origin)),
    framedByAllowedParent: ({ context }) =>
      context.framed && context.parentOrigin !== null && context.allowedOrigins.includes(normalizeOrigin(context.parentOrigin)),
  },
}).createMachine({
  id: 'embedBridge',
  context: ({ input }) => ({
    product: input.product || DEFAULT_PRODUCT,
    allowedOrigins: [...new Set([...input.allowedOrigins, input.ownOrigin].map(normalizeOrigin).filter(Boolean))],
    framed: input.framed,
    parentOrigin: input.parentOrigin,
  }),
  initial: 'listening',
  states: {
    listening: {
      on: {
        'host.hideNavbar': {
          guard: 'originAllowed',
          actions: [
            'hideSidebar',
            'hideProfileHeader',
            { type: 'reply', params: ({ event }) => ({ message: DONE_HIDE_NAVBAR, targetOrigin: event.origin }) },
          ],
        },
        'host.logout': {
          guard: 'originAllowed',
          actions: [
            'logout',
            { type: 'navigate', params: { to: ROUTES.login } },
            {
              type: 'reply',
              params: ({ context, event }) => ({ message: loggedOutMessage(context.product), targetOrigin: event.origin }),
            },
          ],
        },
        'host.checkIsLoggedIn': [
          {
            guard: 'loggedInAndOriginAllowed',
            actions: {
              type: 'reply',
              params: ({ context, event }) => ({ message: loggedInMessage(context.product), targetOrigin: event.origin }),
            },
          },
          {
            guard: 'originAllowed',
            actions: {
              type: 'reply',
              params: ({ context, event }) => ({ message: loggedOutMessage(context.product), targetOrigin: event.origin }),
            },
          },
        ],
        'bridge.loggedIn': {
          guard: 'framedByAllowedParent',
          actions: {
            type: 'notifyParent',
            params: ({ context }) => ({ message: loggedInMessage(context.product), targetOrigin: context.parentOrigin ?? '' }),
          },
        },
      },
    },
  },
});
