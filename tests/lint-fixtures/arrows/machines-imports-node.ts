// as: machines/lint-fixture.ts
import { readFileSync } from 'node:fs';

export const read = readFileSync;
