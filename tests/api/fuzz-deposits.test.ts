import { fuzzShares, fuzzSuite } from './support/fuzz/fuzz-suite';

/** The fuzz suite (support/fuzz/fuzz-suite.ts) on the deposit's operations: its life, invoices of breaks, courier, signature, the public check. */
fuzzSuite({ file: 'tests/api/fuzz-deposits.test.ts', operations: fuzzShares().deposits, withRawRequests: false });
