import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/platform/http/openapi';
import { partnerOpenApiDocument } from '../../server/partner/partner-openapi';

/**
 * Partners generate clients from /api-docs/openapi.json and /api-partner/openapi.json: they must lint clean with Redocly's
 * recommended rules (redocly.yaml), bar the problems .redocly.lint-ignore.yaml accepts and explains.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Problem { ruleId: string; message: string; location: Array<{ pointer: string }> }

async function lint(document: unknown): Promise<{ problems: Problem[]; ignored: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'berjangka-openapi-'));
  try {
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
    // Redocly reads the ignore file beside its config, and its entries name the linted file relative to it.
    for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) copyFileSync(join(root, file), join(dir, file));
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules/.bin/redocly'),
      ['lint', 'openapi.json', '--format=json', '--max-problems=1000'],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const result = JSON.parse(stdout) as { totals: { ignored: number }; problems: Problem[] };
    return { problems: result.problems, ignored: result.totals.ignored };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const summary = (problems: Problem[]) => problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);

describe('the OpenAPI document (Redocly recommended rules)', () => {
  it('has no error and no warning; only the two documented ambiguous paths are accepted', async () => {
    const { problems, ignored } = await lint(openApiDocument());
    expect(summary(problems)).toEqual([]);
    expect(ignored).toBe(2);
  }, 60_000);

  it('the partner door\'s own document (/api-partner/openapi.json) lints clean as well: partners generate their clients from it', async () => {
    const { problems, ignored } = await lint(partnerOpenApiDocument());
    expect(summary(problems)).toEqual([]);
    expect(ignored).toBe(0);
  }, 60_000);

  it('fails on a warning: an operation without its operationId is reported', async () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { operationId?: string }>> };
    delete document.paths['/healthz']!.get!.operationId;
    const { problems } = await lint(document);
    expect(summary(problems)).toEqual(['operation-operationId #/paths/~1healthz/get/operationId: Operation object should contain `operationId` field.']);
  }, 60_000);
});
