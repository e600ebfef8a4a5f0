/** The bank's ledger rules (DOMAIN.md "The bank's ledger"): account roles, postings, daily accrual. */
export * from './accounts';
export * from './postings';
export * from './accrual';
