/**
 * Bundle-size benchmark: how much JavaScript (gzip) the SPA makes a visitor of /login download
 * before anything else, against the 150 KB budget of issue 3. Prints figures; asserts nothing.
 *
 *   npx tsx bench/bundle-size.ts
 *
 * It builds the SPA with Vite's JS API (the project's vite.config.ts) into a temporary directory
 * with a manifest, then walks the manifest from the HTML entry through static `imports` only:
 * that is what the browser fetches before the app runs. Chunks reached only by dynamic `import()`
 * (lazy screens, the brand-mark animation) are listed apart. Sizes are gzip at zlib's default
 * level, which is what a server compressing on the fly typically sends.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

export const BUDGET_KB = 150;

const root = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'berjangka-bundle-'));

const kb = (bytes: number) => bytes / 1024;
const format = (bytes: number) => `${kb(bytes).toFixed(1).padStart(7)} KB`;

/** The entry chunk and every chunk it imports statically, transitively: the first download. */
export function firstLoadChunks(manifest: Manifest, entryKey: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen];
}

try {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });

  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');

  const sizeOf = (file: string) => {
    const content = readFileSync(join(outDir, file));
    return { raw: content.length, gzip: gzipSync(content).length };
  };

  const firstKeys = firstLoadChunks(manifest, entryKey);
  const firstFiles = firstKeys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const firstCss = [...new Set(firstKeys.flatMap((key) => manifest[key]!.css ?? []))];

  console.log(`Bundle size of the /login route's first load (entry ${entryKey}, gzip)\n`);
  let total = 0;
  let totalRaw = 0;
  for (const file of firstFiles) {
    const { raw, gzip } = sizeOf(file);
    total += gzip;
    totalRaw += raw;
    console.log(`  ${format(gzip)}  ${file}  (${kb(raw).toFixed(1)} KB raw)`);
  }
  console.log(`  ${'-'.repeat(10)}`);
  console.log(`  ${format(total)}  JavaScript loaded first (${kb(totalRaw).toFixed(1)} KB raw)`);
  const verdict = kb(total) <= BUDGET_KB ? 'within' : 'OVER';
  console.log(`  budget ${BUDGET_KB} KB: ${verdict} (${(kb(total) - BUDGET_KB).toFixed(1)} KB)`);

  if (firstCss.length > 0) {
    const cssGzip = firstCss.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
    console.log(`\n  ${format(cssGzip)}  CSS loaded first (${firstCss.join(', ')}), not counted in the budget`);
  }

  const lazyKeys = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry && !firstKeys.includes(key));
  if (lazyKeys.length > 0) {
    console.log('\nLoaded on demand (dynamic imports, not in the first load):');
    for (const key of lazyKeys) {
      const chunks = firstLoadChunks(manifest, key).filter((chunk) => !firstKeys.includes(chunk));
      const gzip = chunks.reduce((sum, chunk) => sum + sizeOf(manifest[chunk]!.file).gzip, 0);
      console.log(`  ${format(gzip)}  ${key}${chunks.length > 1 ? ` (+${chunks.length - 1} shared chunk(s))` : ''}`);
    }
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
