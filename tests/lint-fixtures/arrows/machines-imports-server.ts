// as: machines/lint-fixture.ts
import { loadConfig } from '../server/config';

export const config = loadConfig;
