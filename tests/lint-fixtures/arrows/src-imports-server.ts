// as: src/lint-fixture.ts
import { startServer } from '../server/main';

export const start = startServer;
