/** The reports' business rules (DOMAIN.md "Reports"): months, maturity buckets, balances, shares. */
export * from './months';
export * from './maturity-buckets';
export * from './daily-balances';
export * from './shares';
