import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpa, spaBuildIsStale, wantedBuild } from '../../../server/platform/spa-build';
import { sqliteTemplate } from '../../support/database-template';
import { SEEDED_MARKER, SEEDING_FAILED, startServer } from './server';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One SPA build for the whole browser suite, so each server start skips it: the production build
 * `npm start` serves (and records as such), not the development one Vitest's NODE_ENV would make.
 * The migrated SQLite template, when missing. And one first start of the product on a copy of it,
 * which seeds the demo as `npm start` does: each file's server starts on a copy of that data
 * directory (server.ts). Removed when the suite ends.
 *
 * The seeding runs while the other projects' first files do: Vitest starts no file before every
 * global setup has returned, and the browser files start only after the longest API files (the
 * sequencer), so the setup returns at once with where the demo will be, and a browser file waits
 * for its `SEEDED_MARKER` before copying it.
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
  const dataDir = mkdtempSync(join(tmpdir(), 'berjangka-e2e-seeded-'));
  const seeding = (async () => {
    const firstStart = await startServer({}, { fresh: true, dataDir });
    await firstStart.stop({ keepData: true });
    writeFileSync(join(dataDir, SEEDED_MARKER), '');
  })();
  // A failed seeding is told to the files that wait for it (server.ts); it must not end the run here.
  seeding.catch((error: unknown) => writeFileSync(join(dataDir, SEEDING_FAILED), String(error instanceof Error ? (error.stack ?? error.message) : error)));
  project.provide('e2eSeededDataDir', dataDir);
  return async () => {
    await seeding.catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
