import { readFileSync } from 'node:fs';

/**
 * The node flags `npm start` gives the server (package.json's start script, before `--import`),
 * so a benchmark's child process runs as the server runs: today the 16 MB semi-spaces that keep
 * V8's young generation from growing to 128 MB under an import's allocation rate.
 */
export function serverNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  return start.slice(1, start.indexOf('--import')).filter((flag) => flag.startsWith('--'));
}
