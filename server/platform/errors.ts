/**
 * What went wrong, in terms the HTTP layer maps to a status code. Services throw these with the
 * Indonesian sentence staff will read; they never pick status codes themselves.
 */
export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'password-expired'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'too-many-attempts';

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Bad input: one Indonesian sentence per invalid field. */
export class ValidationError extends ServiceError {
  constructor(readonly messages: string[]) {
    super('invalid', messages.join(' '));
    this.name = 'ValidationError';
  }
}
