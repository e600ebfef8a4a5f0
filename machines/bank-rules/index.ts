/** The bank's own figures: balance-sheet ratios (issue 11). */
export * from './ratios';
