// as: server/lint-fixture.ts
import { startTestServer } from '../tests/api/harness';

export const start = startTestServer;
