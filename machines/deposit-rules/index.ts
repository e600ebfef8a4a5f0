/** The deposit business rules, one module per job; see each module for its rule. */
export * from './errors';
export * from './arithmetic';
export * from './dates';
export * from './format';
export * from './interest';
export * from './schedule';
export * from './tax';
export * from './break';
export * from './rollover';
export * from './lps';
export * from './cutoff';
export * from './product';
export * from './authority';
export * from './payout';
export * from './placement';
export * from './channel';
export * from './hold';
