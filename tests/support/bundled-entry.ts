import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * A TypeScript entry (the server's start, the admin command, a test's child process) as one ES
 * module the plain `node` runs: what the suite's spawned processes start from. Each start through
 * `--import tsx` resolved and transformed some 400 modules again (about 1.5 s of CPU of a 3 s
 * start on CI's two cores, dozens of times a run); the bundle is built once per change of the
 * sources and read as one file. Same code, same transform (tsx is esbuild too), same node flags;
 * packages stay outside, loaded from node_modules as ever.
 *
 * Every module's `import.meta.url` is written as the module's own source location, so the paths a
 * module finds beside itself (worker scripts, the common-passwords list, the SPA's dist/) are the
 * same as when it runs from source.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE_DIRS = ['server', 'contract', 'machines', 'tests/api/support', 'tests/support'];

/** Size and mtime of every source file the bundles are built from: a change of any gives new bundles. */
function sourcesStamp(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        hash.update(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(root, dir));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

const ownMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(plugin) {
    plugin.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, (args) => {
      if (args.path.includes(`${join(root, 'node_modules')}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('ts') ? 'ts' : 'js';
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

let stamp: string | undefined;

/**
 * The bundle of `entry` (a path from the repository root), built when missing; the path to give
 * `node`. Split at the entry's dynamic imports, as its sources are: `npm start` refusing a missing
 * setting still exits before the server's modules (and their packages) load.
 */
export async function bundledEntry(entry: string): Promise<string> {
  stamp ??= sourcesStamp();
  const bundles = join(root, '.cache', 'bundles');
  const dir = join(bundles, stamp, entry.replace(/[/.]/g, '-'));
  const outfile = join(dir, `${basename(entry).replace(/\.tsx?$/, '')}.mjs`);
  if (existsSync(outfile)) return outfile;
  mkdirSync(join(bundles, stamp), { recursive: true });
  // Bundles of older sources are not needed again.
  for (const old of readdirSync(bundles)) if (old !== stamp) rmSync(join(bundles, old), { recursive: true, force: true });
  // Built beside its final place and renamed: two workers building at once each leave a whole bundle.
  const building = `${dir}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(root, entry)],
    outdir: building,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    // No source map: node reads none without --enable-source-maps; each module's code is headed by its path.
    plugins: [ownMetaUrl],
    logLevel: 'error',
    tsconfig: join(root, 'tsconfig.json'),
  });
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another worker's bundle got there first: the same sources, so the same bundle.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(outfile)) throw error;
  }
  return outfile;
}
