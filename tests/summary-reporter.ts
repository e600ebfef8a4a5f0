import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with one plain line, `Tests: N passed, N failed`, that CI reads whatever the
 * runner's own output looks like. Skipped tests would show as a third figure; we allow none.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    // Each project's share of the run (its files' durations added up), since `npm test` runs all three in one.
    const projects = new Map<string, { files: number; ms: number }>();
    for (const module of testModules) {
      const share = projects.get(module.project.name) ?? { files: 0, ms: 0 };
      share.files += 1;
      share.ms += module.diagnostic().duration;
      projects.set(module.project.name, share);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const shares = [...projects].map(([name, share]) => `${name || 'tests'} ${share.files} files, ${(share.ms / 1000).toFixed(1)} s`);
    process.stdout.write(`\nFile time by project (three files run at once): ${shares.join('; ')}\n`);
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
