/** The customer (CIF) rules, one module per job; see each module for its rule. */
export * from './nik';
export * from './contact';
export * from './tax-ids';
export * from './indonesian-banks';
export * from './customer-change';
