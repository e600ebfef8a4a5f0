import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { embedBridgeMachine, hostEventFromMessage } from '../../machines/embed-bridge';
import { preloadMachine } from '../../machines/preload';
import { profileHeaderMachine } from '../../machines/profile-header';
import { routeGuardMachine, tokenCheckThroughSession } from '../../machines/route-guard';
import { ROUTES } from '../../machines/routes';
import { sessionMachine } from '../../machines/session';
import { sidebarMachine } from '../../machines/sidebar';
import type { User } from '@contract/auth';
import type { AuthApi } from '../lib/api-client';
import type { SessionStorage } from '../lib/storage';
import type { FramedStorage } from '../lib/storage-access';
import type { Notification } from '../lib/toast';
import type { WindowTransport } from '../lib/window-messages';
import type { RuntimeConfig } from './config';

/** The outside world the app's actors talk to; src/app/main-effects.ts gives the real one, tests fakes. */
export interface AppEffects {
  storage: Pick<SessionStorage, 'saveUser' | 'saveToken' | 'clearAll' | 'hasToken' | 'readTokenExpiry'>;
  api: AuthApi;
  transport: WindowTransport;
  notify: (notification: Notification) => void;
  /** An error toast whose title comes from the error-message helper. */
  showError: (error: unknown) => void;
  /** The router's navigate; called only after the router exists. */
  navigate: (to: string) => void;
  config: RuntimeConfig;
  /** Where the app runs: its own origin, whether it is framed and by whom. */
  place: { ownOrigin: string; framed: boolean; parentOrigin: string | null };
  /** Milliseconds since the epoch; `Date.now` by default. */
  now?: () => number;
  /** Where the session is kept when framed on another site (src/lib/storage-access.ts); local storage when absent. */
  sessionStore?: SessionPersistenceControl;
}

/** What screens see of where the session is kept, and the Storage Access request a click may make. */
export type SessionPersistenceControl = Pick<FramedStorage, 'persistence' | 'canAsk' | 'ask' | 'subscribe'>;

/** Local storage that works: nothing to ask, nothing to say. */
const KEPT_IN_LOCAL_STORAGE: SessionPersistenceControl = {
  persistence: () => 'kept',
  canAsk: () => false,
  ask: async () => 'kept',
  subscribe: () => () => undefined,
};

export interface AppActors {
  session: ActorRefFrom<typeof sessionMachine>;
  routeGuard: ActorRefFrom<typeof routeGuardMachine>;
  bridge: ActorRefFrom<typeof embedBridgeMachine>;
  sidebar: ActorRefFrom<typeof sidebarMachine>;
  profileHeader: ActorRefFrom<typeof profileHeaderMachine>;
  preload: ActorRefFrom<typeof preloadMachine>;
  /** The API calls screens make (src/lib/api-client.ts), reachable through the app so tests can fake them. */
  api: AuthApi;
  /** demo or production, as the server said (RuntimeConfig.mode). */
  mode: RuntimeConfig['mode'];
  notify: AppEffects['notify'];
  showError: AppEffects['showError'];
  navigate: AppEffects['navigate'];
  /** Where the session is kept: the login screen asks for storage access and says when the session ends with the page. */
  sessionStore: SessionPersistenceControl;
  /** The router reports a new location: the route guard decides about it. */
  routeChanged(path: string): void;
  /** A lazily loaded screen started (true) or finished (false) loading its code. */
  screenLoading(loading: boolean): void;
  /** "Keluar": log the session out, then show the login screen. */
  logout(): void;
  /**
   * The user changed their own password: the server ended every session, this one's token too, and
   * answered a fresh one. It is stored exactly as a login stores it, so the user stays signed in.
   */
  passwordChanged(fresh: { token: string; user: User }): void;
  stop(): void;
}

/**
 * Creates the long-lived actors once, with their effects, wired as tests/model/wiring.test.ts
 * describes: the session stores and clears through storage, the route guard checks the token
 * through the session, the embed bridge drives the panels and the session, the preload flag
 * follows the first token check and the lazily loaded screens.
 */
export function createAppActors(effects: AppEffects): AppActors {
  const { storage, api, transport } = effects;

  const sidebar = createActor(sidebarMachine).start();
  const profileHeader = createActor(profileHeaderMachine).start();
  const preload = createActor(preloadMachine).start();

  const bridge = createActor(
    embedBridgeMachine.provide({
      actions: {
        hideSidebar: () => sidebar.send({ type: 'sidebar.hide' }),
        hideProfileHeader: () => profileHeader.send({ type: 'profileHeader.hide' }),
        logout: () => session.send({ type: 'session.logout' }),
        navigate: (_, { to }) => effects.navigate(to),
        reply: (_, { message, targetOrigin }) => transport.reply(targetOrigin, message),
        notifyParent: (_, { message, targetOrigin }) => void transport.notifyParent(message, targetOrigin),
      },
    }),
    {
      input: {
        allowedOrigins: effects.config.embedAllowedOrigins,
        ownOrigin: effects.place.ownOrigin,
        framed: effects.place.framed,
        parentOrigin: effects.place.parentOrigin,
        product: effects.config.product,
      },
    },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => api.login(input)),
        readStoredToken: fromPromise(async () => ({ hasToken: storage.hasToken(), expiresAt: storage.readTokenExpiry() })),
        fetchProfile: fromPromise(() => api.profileDetail()),
      },
      actions: {
        storeUser: (_, { user }) => storage.saveUser(user),
        storeToken: (_, { token }) => storage.saveToken(token),
        clearStorage: () => storage.clearAll(),
        // Fire and forget: the request reads the token before storage is cleared; a failure changes nothing.
        revokeToken: () => {
          if (storage.hasToken()) api.logout().catch(() => undefined);
        },
        navigate: (_, { to }) => effects.navigate(to),
        announceLogin: () => bridge.send({ type: 'bridge.loggedIn' }),
        reportLoginFailure: (_, { error }) => effects.showError(error),
      },
    }),
    { input: effects.now ? { now: effects.now } : {} },
  );

  const routeGuard = createActor(
    routeGuardMachine.provide({
      actors: { checkToken: tokenCheckThroughSession(session) },
      actions: {
        navigate: (_, { to }) => effects.navigate(to),
        showErrorToast: (_, { title }) => effects.notify({ type: 'error', title }),
        // Runs inside the guard's transition out of `checking`: the check has settled.
        tokenCheckSettled: () => preload.send({ type: 'preload.checkSettled' }),
      },
    }),
  );

  // A public screen needs no check: the boot overlay ends once its code is there.
  const guardWatch = routeGuard.subscribe((snapshot) => {
    if (snapshot.matches('open')) preload.send({ type: 'preload.checkSettled' });
  });

  for (const actor of [session, bridge, routeGuard]) actor.start();

  const stopListening = transport.listen((message) => {
    const event = hostEventFromMessage(message.data, message.origin, storage.hasToken());
    if (event) bridge.send(event);
  });

  return {
    session,
    routeGuard,
    bridge,
    sidebar,
    profileHeader,
    preload,
    api,
    mode: effects.config.mode,
    notify: effects.notify,
    showError: effects.showError,
    navigate: effects.navigate,
    sessionStore: effects.sessionStore ?? KEPT_IN_LOCAL_STORAGE,
    routeChanged(path) {
      routeGuard.send({ type: 'route.changed', path, hasToken: storage.hasToken() });
    },
    screenLoading(loading) {
      preload.send({ type: loading ? 'preload.screenLoading' : 'preload.screenLoaded' });
    },
    logout() {
      session.send({ type: 'session.logout' });
      effects.navigate(ROUTES.login);
    },
    passwordChanged({ token, user }) {
      storage.saveToken(token);
      storage.saveUser(user);
      // The session reads the profile again with the new token, so its user follows what was stored.
      session.send({ type: 'session.check' });
    },
    stop() {
      stopListening();
      guardWatch.unsubscribe();
      for (const actor of [routeGuard, bridge, session, sidebar, profileHeader, preload]) actor.stop();
    },
  };
}
