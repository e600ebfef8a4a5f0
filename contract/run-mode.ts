/**
 * How an installation runs (server/platform/config.ts): `demo` is `npm start`'s default (demo data,
 * the providers' sandboxes, printed logins); `production` is NODE_ENV=production. The SPA learns
 * it from index.html's `berjangka:mode` meta tag.
 */
export type RunMode = 'demo' | 'production';

/** The demo's warning: in the server's log and on the login page. */
export const DEMO_BANNER = 'Mode demo — jangan dipakai untuk data nasabah nyata';
