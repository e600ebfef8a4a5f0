/**
 * `npm run test:paths`: prints the generated paths of every model as a numbered test plan, one
 * step per line: the machine models (tests/model/*.model.ts) and the app-level model the browser
 * suite walks (tests/e2e/*.model.ts). A new model file appears here without any change.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { definedTransitions, describeEvent, type ModelPath } from './walk';

interface ModelModule {
  name?: string;
  machine?: AnyStateMachine;
  paths?: ModelPath[];
  describeEvent?: (event: AnyEventObject) => string;
}

const here = dirname(fileURLToPath(import.meta.url));
const modelFolders = [here, join(here, '..', 'e2e')];

/** A machine without states is all context: show that instead of an empty value. */
function describeState(state: { value: unknown; context: unknown }): string {
  const value = state.value;
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 0) {
    return JSON.stringify(state.context);
  }
  return JSON.stringify(value);
}

function formatPath(path: ModelPath, index: number, describe: (event: AnyEventObject) => string): string {
  const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
  const number = `${index + 1}.`.padStart(5);
  const label = path.label ? `[${path.label}] ` : '';
  if (steps.length === 0) return `${number} ${label}(initial state only)`;
  return steps
    .map((step, i) => {
      const line = `${describe(step.event)}  →  ${describeState(step.state)}`;
      return i === 0 ? `${number} ${label}${line}` : `${' '.repeat(number.length)}   then ${line}`;
    })
    .join('\n');
}

async function main() {
  const files: string[] = [];
  for (const folder of modelFolders) {
    for (const file of (await readdir(folder)).filter((name) => name.endsWith('.model.ts')).sort()) files.push(join(folder, file));
  }
  let failures = 0;
  const out: string[] = ['Test plan: the generated paths of every model (tests/model/*.model.ts, tests/e2e/*.model.ts)', ''];
  for (const path of files) {
    const file = path.slice(join(here, '..').length + 1);
    let model: ModelModule;
    try {
      model = (await import(pathToFileURL(path).href)) as ModelModule;
    } catch (error) {
      failures += 1;
      out.push(`${file}: could not load (${error instanceof Error ? error.message : String(error)})`, '');
      continue;
    }
    const paths = model.paths ?? [];
    const name = model.name ?? file.replace(/\.model\.ts$/, '');
    const transitions = model.machine ? ` covering the ${definedTransitions(model.machine).size} transitions defined` : '';
    out.push(`## ${name} — ${paths.length} path${paths.length === 1 ? '' : 's'}${transitions} (${file})`);
    paths.forEach((path, index) => out.push(formatPath(path, index, model.describeEvent ?? describeEvent)));
    out.push('');
  }
  process.stdout.write(`${out.join('\n')}\n`);
  if (failures > 0) process.exitCode = 1;
}

await main();
