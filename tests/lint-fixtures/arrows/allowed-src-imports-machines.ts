// as: src/lint-fixture.ts
import { sessionMachine } from '../machines/session';
import { apiBases } from '../contract/bases';

export const pieces = { sessionMachine, apiBases };
