import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import arrows of ARCHITECTURE.md are enforced by the repository's ESLint config: a wrong
 * import must fail `npm test`. Each fixture is linted as if it lived at the path on its first line.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'tests/lint-fixtures');

function fixture(name: string): { code: string; filePath: string } {
  const code = readFileSync(join(fixtures, 'arrows', name), 'utf8');
  const as = /^\/\/ as: (\S+)/.exec(code)?.[1];
  if (!as) throw new Error(`fixture ${name} does not say where it lives`);
  return { code, filePath: join(root, as) };
}

async function ruleIds(name: string): Promise<string[]> {
  const { code, filePath } = fixture(name);
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import arrows (eslint.config.js)', () => {
  it.each([
    ['machines-imports-server.ts', 'import/no-restricted-paths'],
    ['src-imports-server.ts', 'import/no-restricted-paths'],
    ['contract-imports-machines.ts', 'import/no-restricted-paths'],
    ['server-imports-src.ts', 'import/no-restricted-paths'],
    ['server-imports-tests.ts', 'import/no-restricted-paths'],
    ['machines-imports-node.ts', 'no-restricted-imports'],
    ['area-imports-another-areas-repository.ts', 'import/no-restricted-paths'],
    ['area-imports-another-areas-routes.ts', 'import/no-restricted-paths'],
    ['platform-imports-an-area.ts', 'import/no-restricted-paths'],
    ['feature-imports-another-feature.ts', 'import/no-restricted-paths'],
    // Issue 20: what another area imports from a service is what the service defines.
    ['area-service-re-exports-a-repository.ts', 'berjangka/service-defines-its-exports'],
    ['area-service-hands-on-an-import.ts', 'berjangka/service-defines-its-exports'],
    ['area-service-aliases-an-import.ts', 'berjangka/service-defines-its-exports'],
    ['area-service-exports-all.ts', 'berjangka/service-defines-its-exports'],
  ])('%s is an error of %s', async (name, rule) => {
    expect(await ruleIds(name)).toContain(rule);
  }, 30_000);

  it.each(readdirSync(join(fixtures, 'arrows')).filter((name) => name.startsWith('allowed-')))('%s passes', async (name) => {
    expect(await ruleIds(name)).toEqual([]);
  }, 30_000);
});
