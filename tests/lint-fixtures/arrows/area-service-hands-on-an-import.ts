// as: server/interest/lint-fixture-service.ts
// The same re-export in two statements: what is imported is checked, not how it is written.
import { listInstallmentsOfDeposit } from './installment-repository';

export { listInstallmentsOfDeposit };
