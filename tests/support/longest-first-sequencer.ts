import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a worker longest, measured on CI (about 136, 98, 62 and 46 s on its two
 * cores). Vitest orders files by their last duration, and on a clean clone, which has no record of
 * one, by size: these small files would start last and leave one worker busy for a minute or more
 * after the other has finished. Started first, they run beside everything else.
 */
const LONGEST_FILES = ['tests/api/fuzz-deposits.test.ts', 'tests/api/fuzz-platform.test.ts', 'tests/api/registration.test.ts', 'tests/api/idempotency-crash.test.ts'];

/**
 * `npm test` runs every project in one Vitest run, so the browser files (30–90 s each on CI) share
 * the two workers with the rest: started right after those above, they leave the many short files
 * to fill the end of the run instead of ending it one at a time.
 */
const BROWSER_FILES = '/tests/e2e/';

function rankOf(file: TestSpecification): number {
  const index = LONGEST_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
  if (index !== -1) return index;
  return file.moduleId.includes(BROWSER_FILES) ? LONGEST_FILES.length : LONGEST_FILES.length + 1;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: every other file keeps Vitest's order.
    return sorted.sort((a, b) => rankOf(a) - rankOf(b));
  }
}
