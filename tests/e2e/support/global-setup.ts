import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildSpa, spaBuildIsStale, wantedBuild } from '../../../server/platform/spa-build';
import { sqliteTemplate } from '../../support/database-template';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One SPA build for the whole browser suite, so each server start skips it: the production build
 * `npm start` serves (and records as such), not the development one Vitest's NODE_ENV would make.
 * And the migrated SQLite template each file's server starts from (server.ts), when missing.
 */
export default async function prepareBrowserSuite(): Promise<void> {
  const distDir = join(rootDir, 'dist');
  const storageKey = process.env.STORAGE_KEY || undefined;
  // `npm test` builds it beside the type check (npm run build); a run of this suite alone builds it here.
  if (spaBuildIsStale(rootDir, distDir, wantedBuild(storageKey))) await buildSpa(rootDir, distDir, storageKey);
  await sqliteTemplate();
}
