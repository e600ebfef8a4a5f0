// as: machines/lint-fixture.ts
import { roleSchema } from '../contract/auth';

export const roles = roleSchema.options;
