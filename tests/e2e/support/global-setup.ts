import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildSpa } from '../../../server/platform/spa-build';

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One SPA build for the whole browser suite, so each server start skips it: the production build
 * `npm start` serves (and records as such), not the development one Vitest's NODE_ENV would make.
 */
export default async function buildSpaOnce(): Promise<void> {
  await buildSpa(rootDir, join(rootDir, 'dist'), process.env.STORAGE_KEY || undefined);
}
