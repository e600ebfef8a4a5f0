// as: server/disbursements/lint-fixture-service.ts
// A service passing its repository on: another area would reach the SQL behind it (issue 20).
export { findPendingDisbursement } from './disbursement-repository';
