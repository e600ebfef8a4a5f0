// as: server/deposits/lint-fixture.ts
import { findDeposit } from './deposit-repository';

export const find = findDeposit;
