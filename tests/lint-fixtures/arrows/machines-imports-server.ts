// as: machines/lint-fixture.ts
import { loadConfig } from '../server/platform/config';

export const config = loadConfig;
