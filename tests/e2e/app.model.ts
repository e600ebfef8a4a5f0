/**
 * The app-level model: what a person can do in Berjangka's public screens and dashboard, and
 * what they then see. tests/e2e/app.test.ts walks its generated paths in Chromium against the
 * real server: every event is done by real clicks and typing, every state is checked on the page.
 *
 * The machine only names states and events; how to do an event and what a state looks like live
 * in the test, next to the browser.
 */
import { setup } from 'xstate';
import { getEdgeCoveringPaths, type ModelPath } from '../model/walk';

export type AppEvent =
  /** Log in as the demo admin with the right password. */
  | { type: 'loginGood' }
  /** Log in with an unknown email: the server's 401 message appears as an error toast. */
  | { type: 'loginBad' }
  /** Log in as the demo account whose password has expired. */
  | { type: 'loginExpiredPassword' }
  /** Set a new password on the change-expired-password screen. */
  | { type: 'changeExpiredPassword' }
  /** Log in with the password just set (after a change or a reset). */
  | { type: 'loginNewPassword' }
  /** "Lupa kata sandi?", then ask for a reset link. */
  | { type: 'requestReset' }
  /** Open the link of the reset mail from the server's outbox. */
  | { type: 'followResetLink' }
  /** Set a new password on the reset screen. */
  | { type: 'submitNewPassword' }
  /** The stored expiry passes (overwritten in local storage), then the user moves to Daftar Deposito. */
  | { type: 'expireStoredToken' }
  /** Logged out, open a dashboard page by its address (Pencairan's paid tab, a query in the URL). */
  | { type: 'openPageLoggedOut' }
  /** With a token stored, open each public screen that redirects to /home. */
  | { type: 'visitPublicRoutesWithToken' }
  /** Open a sidebar entry whose screen comes later. */
  | { type: 'openMenuEntry' }
  /** "Keluar". */
  | { type: 'logout' }
  /** "Daftar" on the login screen. */
  | { type: 'register' }
  /** Fill the registration form with a PDF document and send it. */
  | { type: 'submitRegistration' };

export const appModel = setup({
  types: { events: {} as AppEvent },
}).createMachine({
  id: 'app',
  initial: 'onLogin',
  states: {
    /** /login, nobody signed in, nothing stored. */
    onLogin: {
      on: {
        loginGood: 'onHome',
        loginBad: 'loginRejected',
        loginExpiredPassword: 'onChangeExpired',
        requestReset: 'onForgotSent',
        register: 'onRegistration',
        openPageLoggedOut: 'onLoginWithNext',
      },
    },
    /** /login?next=… after a dashboard address was opened logged out; nothing stored. */
    onLoginWithNext: { on: { loginGood: 'onRequestedPage' } },
    /** The dashboard page the person asked for before logging in, with its query, not Beranda. */
    onRequestedPage: {},
    /** Still /login, with the server's message as an error toast. */
    loginRejected: { on: { loginGood: 'onHome' } },
    /** The dashboard's Beranda with the user's name, menu and "Keluar". */
    onHome: {
      on: {
        logout: 'onLogin',
        expireStoredToken: 'onLoginSessionExpired',
        visitPublicRoutesWithToken: 'onHome',
        openMenuEntry: 'onMenuScreen',
      },
    },
    /** A screen of the menu (Laporan) inside the dashboard. */
    onMenuScreen: {},
    /** /login after the stored token expired: the exact session-expired toast, storage cleared. */
    onLoginSessionExpired: { on: { loginGood: 'onRequestedPage' } },
    /** /change-password-expired with the email of the expired login. */
    onChangeExpired: { on: { changeExpiredPassword: 'onLoginPasswordChanged' } },
    /** /login with the "password changed" success toast. */
    onLoginPasswordChanged: { on: { loginNewPassword: 'onHome' } },
    /** /forgot-password showing the neutral "check your email" message. */
    onForgotSent: { on: { followResetLink: 'onResetForm' } },
    /** /reset-password?token=… with the new-password form. */
    onResetForm: { on: { submitNewPassword: 'onLoginPasswordReset' } },
    /** /login with the "password reset" success toast. */
    onLoginPasswordReset: { on: { loginNewPassword: 'onHome' } },
    /** /registration with its form. */
    onRegistration: { on: { submitRegistration: 'onRegistrationSent' } },
    /** The registration confirmation; the registration is stored on the server. */
    onRegistrationSent: {},
  },
});

/** The model's states, each checked on the page by the test. */
export type AppState =
  | 'onLogin'
  | 'loginRejected'
  | 'onHome'
  | 'onMenuScreen'
  | 'onLoginSessionExpired'
  | 'onLoginWithNext'
  | 'onRequestedPage'
  | 'onChangeExpired'
  | 'onLoginPasswordChanged'
  | 'onForgotSent'
  | 'onResetForm'
  | 'onLoginPasswordReset'
  | 'onRegistration'
  | 'onRegistrationSent';

const ALL_EVENTS: AppEvent[] = [
  { type: 'loginGood' },
  { type: 'loginBad' },
  { type: 'loginExpiredPassword' },
  { type: 'changeExpiredPassword' },
  { type: 'loginNewPassword' },
  { type: 'requestReset' },
  { type: 'followResetLink' },
  { type: 'submitNewPassword' },
  { type: 'expireStoredToken' },
  { type: 'openPageLoggedOut' },
  { type: 'visitPublicRoutesWithToken' },
  { type: 'openMenuEntry' },
  { type: 'logout' },
  { type: 'register' },
  { type: 'submitRegistration' },
];

export const name = 'App (browser, tests/e2e/app.test.ts)';
export const machine = appModel;
/** Only what the person can do where they are: an event the state does not handle is not an edge. */
export const paths: ModelPath[] = getEdgeCoveringPaths(appModel, {
  events: (snapshot: { can(event: AppEvent): boolean }) => ALL_EVENTS.filter((event) => snapshot.can(event)),
});
