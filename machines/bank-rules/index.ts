/** The bank's own figures (issue 11): balance-sheet ratios and the platform's invoice arithmetic. */
export * from './ratios';
export * from './invoice';
export * from './invoice-lines';
