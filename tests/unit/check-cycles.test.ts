import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of `npm run lint`, without type declarations.
import { findCycles } from '../../scripts/check-cycles.mjs';

/** scripts/check-cycles.mjs, the lint's check that our modules import one another without a cycle. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const cyclesIn = (directory: string): string[][] => (findCycles(directory) as string[][]).map((cycle) => cycle.map((file) => relative(directory, file)));

let project = '';
afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = '';
});

/** A project of its own in a temp dir: its files, and a tsconfig.json with an alias `@lib/*`. */
function projectOf(files: Record<string, string>): string {
  project = mkdtempSync(join(tmpdir(), 'berjangka-cycles-'));
  const all = { 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@lib/*': ['./lib/*'] } } }), ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(dirname(join(project, name)), { recursive: true });
    writeFileSync(join(project, name), text);
  }
  return project;
}

describe('scripts/check-cycles.mjs', () => {
  it('finds the cycle between the two modules of the lint fixture', () => {
    expect(cyclesIn(join(root, 'tests/lint-fixtures/cycle'))).toEqual([['a.ts', 'b.ts']]);
  });

  it('follows path aliases, re-exports and import(), across three files', () => {
    const dir = projectOf({
      'lib/a.ts': "import { b } from '@lib/b';\nexport const a = () => b;\n",
      'lib/b.ts': "export { c } from '../app/c';\nexport const b = 1;\n",
      'app/c.tsx': "export const c = () => import('../lib/a');\n",
    });
    expect(cyclesIn(dir)).toEqual([['app/c.tsx', 'lib/a.ts', 'lib/b.ts']]);
  });

  it('leaves out imports of types only, packages and a chain without a way back', () => {
    const dir = projectOf({
      'a.ts': "import type { B } from './b';\nimport { type C } from './c';\nimport { z } from 'zod';\nexport type A = B | C;\nexport const a = z;\n",
      'b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;\n",
      'c.ts': "export type { A } from './a';\nimport { b } from './b';\nexport type C = string;\nexport const c = b;\n",
    });
    expect(cyclesIn(dir)).toEqual([]);
  });

  it('as `npm run lint` runs it: exit 1 naming the files of a cycle, 0 on this repository', () => {
    const dir = projectOf({ 'x.ts': "import './y';\n", 'y.ts': "import './x';\n" });
    const broken = spawnSync(process.execPath, ['scripts/check-cycles.mjs', dir], { cwd: root, encoding: 'utf8' });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('Import cycle among 2 files:\n  x.ts\n  y.ts');
    const clean = spawnSync(process.execPath, ['scripts/check-cycles.mjs'], { cwd: root, encoding: 'utf8' });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  }, 30_000);
});
