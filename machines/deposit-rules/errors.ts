/**
 * A business rule refused its input (a date outside the period, an unknown tenor...).
 * The message is Indonesian because it reaches staff unchanged (the server answers 400 with it);
 * programming errors (a non-integer amount reaching a rule) stay plain `RangeError`s in English.
 */
export class DepositRuleError extends Error {
  override readonly name = 'DepositRuleError';
}
