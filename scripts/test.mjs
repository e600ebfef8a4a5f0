// `npm test`: runs the npm scripts named as arguments, one phase after the other, stopping at
// the first that fails, and prints how long each phase took (CI reads where its minutes go:
// issue 17). `a+b` is one phase whose scripts run side by side (the type check and the lint are
// single-threaded): the last script's output goes straight through, the others' is printed
// whole as each finishes, with its time. Plain JavaScript, so it starts without a compile step.
import { spawn } from 'node:child_process';

const phases = process.argv.slice(2);
if (phases.length === 0) {
  console.error('usage: node scripts/test.mjs <npm script>[+<npm script>...]...');
  process.exit(2);
}

/**
 * `npm run <name>` with the npm that started us (npm_execpath). Its output goes straight
 * through, or, when `buffered`, is kept and handed back (stdout and stderr in the order written).
 */
function runScript(name, buffered) {
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli, 'run', name]] : ['npm', ['run', name]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.stack ?? error}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks) });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}

/** One phase: a script, or scripts joined by `+` run side by side; the exit code of the first that failed. */
async function runPhase(phase) {
  const names = phase.split('+');
  if (names.length === 1) return (await runScript(phase, false)).code;
  const startedAt = Date.now();
  const results = await Promise.all(
    names.map((name, index) => {
      const live = index === names.length - 1;
      return runScript(name, !live).then((result) => {
        process.stdout.write(result.output);
        console.log(`== test: ${name} ${result.code === 0 ? 'took' : `FAILED (exit ${result.code}) after`} ${seconds(Date.now() - startedAt)}`);
        return result;
      });
    }),
  );
  return results.find((result) => result.code !== 0)?.code ?? 0;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const startedAt = Date.now();
const done = [];
let exitCode = 0;
for (const phase of phases) {
  const phaseStartedAt = Date.now();
  exitCode = await runPhase(phase);
  const took = Date.now() - phaseStartedAt;
  done.push({ phase, took, ok: exitCode === 0 });
  console.log(`== test: ${phase} ${exitCode === 0 ? 'took' : `FAILED (exit ${exitCode}) after`} ${seconds(took)} (total ${seconds(Date.now() - startedAt)})`);
  if (exitCode !== 0) break;
}

const width = Math.max(5, ...phases.map((phase) => phase.length)) + 2;
console.log('\n== test: phases');
for (const { phase, took, ok } of done) console.log(`   ${phase.padEnd(width)} ${seconds(took).padStart(8)}${ok ? '' : '  FAILED'}`);
for (const phase of phases.slice(done.length)) console.log(`   ${phase.padEnd(width)}  not run`);
console.log(`   ${'total'.padEnd(width)} ${seconds(Date.now() - startedAt).padStart(8)}`);
process.exit(exitCode);
