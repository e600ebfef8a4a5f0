import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSpa } from '../../../server/platform/spa-build';
import { seedDataDir } from './server';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One SPA build for the whole browser suite, so each server start skips it: the production build
 * `npm start` serves (and records as such), not the development one Vitest's NODE_ENV would make.
 * Then one first start seeds the demo data (a few thousand rows and their files), which each
 * file's server copies instead of seeding its own (server.ts startServer).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  await buildSpa(rootDir, join(rootDir, 'dist'), process.env.STORAGE_KEY || undefined);
  const seeded = await seedDataDir();
  project.provide('e2eSeededDataDir', seeded);
  return () => rmSync(seeded.dataDir, { recursive: true, force: true });
}
