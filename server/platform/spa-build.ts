import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the SPA build is made from; a change to any of these makes dist/ stale. */
const SPA_SOURCES = ['src', 'index.html', 'machines', 'contract', 'vite.config.ts', 'public'];

/** Written into dist/ by buildSpa: how that build was made, so a different one is never served. */
export const BUILD_RECORD_FILE = '.berjangka-build.json';

interface SpaBuildRecord {
  /** Always 'production': React's development build is for `npm run dev` only. */
  nodeEnv: string;
  /** A fingerprint of the client storage key built in (VITE_STORAGE_KEY; '' for the default). */
  storageKey: string;
}

/** The record of the build `npm start` wants for this configuration. */
export function wantedBuild(storageKey: string | undefined): SpaBuildRecord {
  return { nodeEnv: 'production', storageKey: storageKey ? createHash('sha256').update(storageKey).digest('hex').slice(0, 16) : '' };
}

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

function readRecord(distDir: string): SpaBuildRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(join(distDir, BUILD_RECORD_FILE), 'utf8')) as Partial<SpaBuildRecord>;
    return typeof parsed.nodeEnv === 'string' && typeof parsed.storageKey === 'string' ? { nodeEnv: parsed.nodeEnv, storageKey: parsed.storageKey } : null;
  } catch {
    return null;
  }
}

/**
 * True when dist/ must be built again: no index.html, a source newer than it, no record of how it
 * was built (made by a plain `vite build`, e.g. under Vitest as a development build), or a record
 * of another build than `wanted` (development mode, another storage key).
 */
export function spaBuildIsStale(rootDir: string, distDir: string, wanted: SpaBuildRecord): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const record = readRecord(distDir);
  if (!record || record.nodeEnv !== wanted.nodeEnv || record.storageKey !== wanted.storageKey) return true;
  const builtAt = statSync(built).mtimeMs;
  return SPA_SOURCES.some((source) => newestMtime(join(rootDir, source)) > builtAt);
}

/**
 * The production build users get, into `distDir`, whatever NODE_ENV the caller runs under (Vitest
 * sets 'test', which would make Vite bundle React's development build), then its record.
 */
export async function buildSpa(rootDir: string, distDir: string, storageKey: string | undefined): Promise<void> {
  const saved = { NODE_ENV: process.env.NODE_ENV, VITE_STORAGE_KEY: process.env.VITE_STORAGE_KEY };
  process.env.NODE_ENV = 'production';
  // The storage key is embedded in the client at build time, as the product spec says.
  if (storageKey) process.env.VITE_STORAGE_KEY = storageKey;
  else delete process.env.VITE_STORAGE_KEY;
  try {
    const { build } = await import('vite');
    await build({ root: rootDir, mode: 'production', logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  writeFileSync(join(distDir, BUILD_RECORD_FILE), `${JSON.stringify(wantedBuild(storageKey))}\n`);
}
