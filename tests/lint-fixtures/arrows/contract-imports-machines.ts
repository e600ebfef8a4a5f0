// as: contract/lint-fixture.ts
import { sessionMachine } from '../machines/session';

export const machine = sessionMachine;
