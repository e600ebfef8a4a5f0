// as: server/interest/lint-fixture.ts
import { findDeposit } from '../deposits/deposit-repository';

export const find = findDeposit;
