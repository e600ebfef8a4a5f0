import { describe, expect, it } from 'vitest';
import { hostEventFromMessage, normalizeOrigin } from '../../machines/embed-bridge';
import { walkModel } from './harness';
import { EVIL_ORIGIN, HOST_ORIGIN, OWN_ORIGIN, fakedEmbedBridge, paths } from './embed-bridge.model';

walkModel({
  title: 'embed bridge, walked by generated paths',
  paths,
  build: fakedEmbedBridge,
  check: ({ snapshot, event, effects, path }) => {
    if (event.type === 'xstate.init') return;
    const product = (path.input as { product?: string }).product || 'BPR';
    expect(snapshot.context.product).toBe(product);
    const reply = (message: string) => ({ name: 'reply', params: { message, targetOrigin: event.origin } });

    if (event.type.startsWith('host.')) {
      if (event.origin === EVIL_ORIGIN) {
        // A message from an origin not allowed is ignored: no effect, no reply.
        expect(effects).toEqual([]);
        return;
      }
      expect([HOST_ORIGIN, OWN_ORIGIN]).toContain(event.origin);
      // Every reply goes to the sender's origin, never to '*'.
      for (const call of effects.filter((c) => c.name === 'reply')) {
        expect((call.params as { targetOrigin: string }).targetOrigin).toBe(event.origin);
      }
    }
    switch (event.type) {
      case 'host.hideNavbar':
        expect(effects).toEqual([
          { name: 'hideSidebar', params: undefined },
          { name: 'hideProfileHeader', params: undefined },
          reply('doneHideNavbar'),
        ]);
        return;
      case 'host.logout':
        expect(effects).toEqual([
          { name: 'logout', params: undefined },
          { name: 'navigate', params: { to: '/login' } },
          reply(`LoggedOut${product}`),
        ]);
        return;
      case 'host.checkIsLoggedIn':
        expect(effects).toEqual([reply(event.hasToken ? `LoggedIn${product}` : `LoggedOut${product}`)]);
        return;
      case 'bridge.loggedIn': {
        const { framed, parentOrigin } = path.input as { framed: boolean; parentOrigin: string | null };
        if (framed && parentOrigin === HOST_ORIGIN) {
          expect(effects).toEqual([{ name: 'notifyParent', params: { message: `LoggedIn${product}`, targetOrigin: HOST_ORIGIN } }]);
        } else {
          // Not framed, or framed by an origin not allowed: nobody is told.
          expect(effects).toEqual([]);
        }
        return;
      }
      default:
        throw new Error(`unexpected event in a bridge path: ${event.type}`);
    }
  },
});

describe('window messages', () => {
  it('maps the three host messages and drops anything else', () => {
    expect(hostEventFromMessage({ eventMessage: 'hideNavbar' }, HOST_ORIGIN, false)).toEqual({ type: 'host.hideNavbar', origin: HOST_ORIGIN });
    expect(hostEventFromMessage({ eventMessage: 'logout' }, HOST_ORIGIN, true)).toEqual({ type: 'host.logout', origin: HOST_ORIGIN });
    expect(hostEventFromMessage({ eventMessage: 'checkIsLoggedIn' }, HOST_ORIGIN, true)).toEqual({
      type: 'host.checkIsLoggedIn',
      origin: HOST_ORIGIN,
      hasToken: true,
    });
    expect(hostEventFromMessage('hideNavbar', HOST_ORIGIN, true)).toBeNull();
    expect(hostEventFromMessage({ eventMessage: 'toString' }, HOST_ORIGIN, true)).toBeNull();
    expect(hostEventFromMessage({ eventMessage: 'LoggedInBPR' }, HOST_ORIGIN, true)).toBeNull();
    expect(hostEventFromMessage(null, HOST_ORIGIN, true)).toBeNull();
  });

  it('compares origins without a trailing slash', () => {
    expect(normalizeOrigin('https://host.mitra.test/')).toBe('https://host.mitra.test');
    expect(normalizeOrigin(' https://host.mitra.test ')).toBe('https://host.mitra.test');
  });
});
