/**
 * `npm run build`: the SPA build `npm start` serves (production, with its record in dist/), made
 * only when dist/ is missing or stale for this STORAGE_KEY. `npm test` runs it beside the type
 * check and the lint, so the browser suite starts on a ready build.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildSpa, spaBuildIsStale, wantedBuild } from '../platform/spa-build';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(rootDir, 'dist');
const storageKey = process.env.STORAGE_KEY || undefined;

if (spaBuildIsStale(rootDir, distDir, wantedBuild(storageKey))) {
  await buildSpa(rootDir, distDir, storageKey);
  console.log('SPA dibangun di dist/.');
} else {
  console.log('SPA di dist/ sudah mutakhir.');
}
