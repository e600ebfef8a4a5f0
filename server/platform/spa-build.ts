import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the SPA build is made from; a change to any of these makes dist/ stale. */
export const SPA_SOURCES = ['src', 'index.html', 'machines', 'contract', 'vite.config.ts', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than the newest SPA source file. */
export function spaBuildIsStale(rootDir: string, distDir = join(rootDir, 'dist')): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SPA_SOURCES.some((source) => newestMtime(join(rootDir, source)) > builtAt);
}
