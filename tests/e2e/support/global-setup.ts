import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpa, spaBuildIsStale, wantedBuild } from '../../../server/platform/spa-build';
import { sqliteTemplate } from '../../support/database-template';
import { startServer } from './server';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One SPA build for the whole browser suite, so each server start skips it: the production build
 * `npm start` serves (and records as such), not the development one Vitest's NODE_ENV would make.
 * The migrated SQLite template, when missing. And one first start of the product on a copy of it,
 * which seeds the demo as `npm start` does: each file's server starts on a copy of that data
 * directory (server.ts). Removed when the suite ends.
 */
export default async function prepareBrowserSuite(project: TestProject): Promise<() => void> {
  const distDir = join(rootDir, 'dist');
  const storageKey = process.env.STORAGE_KEY || undefined;
  // `npm test` builds it beside the type check (npm run build); a run of this suite alone builds it here.
  if (spaBuildIsStale(rootDir, distDir, wantedBuild(storageKey))) await buildSpa(rootDir, distDir, storageKey);
  await sqliteTemplate();
  if (process.env.DATABASE_URL) {
    project.provide('e2eSeededDataDir', '');
    return () => {};
  }
  const firstStart = await startServer({}, { fresh: true });
  await firstStart.stop({ keepData: true });
  project.provide('e2eSeededDataDir', firstStart.dataDir);
  return () => rmSync(firstStart.dataDir, { recursive: true, force: true });
}
