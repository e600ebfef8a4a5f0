// as: server/lint-fixture.ts
import { userSchema } from '../contract/auth';
import { sessionMachine } from '../machines/session';

export const pieces = { userSchema, sessionMachine };
