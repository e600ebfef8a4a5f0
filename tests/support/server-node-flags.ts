import { readFileSync } from 'node:fs';

/**
 * The node flags `npm start` gives the server (package.json's start script, before `--import`),
 * so a test's or a benchmark's server process runs as `npm start` runs it: today the 16 MB
 * semi-spaces that keep V8's young generation from growing to 128 MB under an import.
 */
export function serverNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  return start.slice(1, start.indexOf('--import')).filter((flag) => flag.startsWith('--'));
}
