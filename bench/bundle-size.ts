/**
 * Bundle-size benchmark: how much JavaScript (gzip) the SPA makes a visitor of /login download
 * before anything else, against the 150 KB budget of issue 3. Prints figures; asserts nothing.
 *
 *   npx tsx bench/bundle-size.ts          (or call measureBundle() / printBundleReport())
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
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

export const BUDGET_KB = 150;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  entry: string;
  /** JavaScript of the first load: the entry chunk and its static imports. */
  firstLoad: FileSize[];
  firstLoadGzip: number;
  /** CSS of the first load, reported apart from the budget. */
  firstLoadCss: FileSize[];
  /** Each dynamic entry with the gzip size of the chunks it adds to the first load. */
  onDemand: { entry: string; gzip: number; chunks: number }[];
}

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

export async function measureBundle(root = resolve(import.meta.dirname, '..')): Promise<BundleReport> {
  const outDir = mkdtempSync(join(tmpdir(), 'berjangka-bundle-'));
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('The manifest has no entry chunk.');

    const sizeOf = (file: string): FileSize => {
      const content = readFileSync(join(outDir, file));
      return { file, raw: content.length, gzip: gzipSync(content).length };
    };
    const firstKeys = firstLoadChunks(manifest, entry);
    const firstLoad = firstKeys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')).map(sizeOf);
    const firstLoadCss = [...new Set(firstKeys.flatMap((key) => manifest[key]!.css ?? []))].map(sizeOf);
    const onDemand = Object.keys(manifest)
      .filter((key) => manifest[key]?.isDynamicEntry && !firstKeys.includes(key))
      .map((key) => {
        const added = firstLoadChunks(manifest, key).filter((chunk) => !firstKeys.includes(chunk));
        const gzip = added.reduce((sum, chunk) => sum + sizeOf(manifest[chunk]!.file).gzip, 0);
        return { entry: key, gzip, chunks: added.length };
      });
    return {
      entry,
      firstLoad,
      firstLoadGzip: firstLoad.reduce((sum, file) => sum + file.gzip, 0),
      firstLoadCss,
      onDemand,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => bytes / 1024;
const format = (bytes: number) => `${kb(bytes).toFixed(1).padStart(7)} KB`;

export function printBundleReport(report: BundleReport, log: (line: string) => void = console.log): void {
  log(`Bundle size of the /login route's first load (entry ${report.entry}, gzip)\n`);
  for (const file of report.firstLoad) log(`  ${format(file.gzip)}  ${file.file}  (${kb(file.raw).toFixed(1)} KB raw)`);
  log(`  ${'-'.repeat(10)}`);
  const raw = report.firstLoad.reduce((sum, file) => sum + file.raw, 0);
  log(`  ${format(report.firstLoadGzip)}  JavaScript loaded first (${kb(raw).toFixed(1)} KB raw)`);
  const over = kb(report.firstLoadGzip) - BUDGET_KB;
  log(`  budget ${BUDGET_KB} KB: ${over <= 0 ? 'within' : 'OVER'} (${over.toFixed(1)} KB)`);
  if (report.firstLoadCss.length > 0) {
    const css = report.firstLoadCss.reduce((sum, file) => sum + file.gzip, 0);
    log(`\n  ${format(css)}  CSS loaded first (${report.firstLoadCss.map((file) => file.file).join(', ')}), not counted in the budget`);
  }
  if (report.onDemand.length > 0) {
    log('\nLoaded on demand (dynamic imports, not in the first load):');
    for (const lazy of report.onDemand) {
      log(`  ${format(lazy.gzip)}  ${lazy.entry}${lazy.chunks > 1 ? ` (+${lazy.chunks - 1} shared chunk(s))` : ''}`);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  printBundleReport(await measureBundle());
}
