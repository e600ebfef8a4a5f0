import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { DepositRuleError } from '../../../machines/deposit-rules';
import { ServiceError, ValidationError, type FailureKind } from '../errors';
import { ProviderError } from '../provider-http';
import { isUniqueViolation, UNIQUE_CONFLICT_MESSAGE } from '../db/unique-violation';
import { errorResponse, NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from './envelope';

const STATUS_OF: Record<FailureKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'password-expired': 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many-attempts': 429,
};

/** Maps a thrown error to the error envelope; anything unexpected is logged and answered 500 without details. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ValidationError) return errorResponse(c, 400, error.messages);
    // A business rule met input it cannot compute with (a date beyond year 9999): the input is wrong.
    if (error instanceof DepositRuleError) return errorResponse(c, 400, [error.message]);
    if (error instanceof ServiceError) {
      const status = STATUS_OF[error.kind];
      if (error.kind === 'too-many-attempts') {
        const retryAfter = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
        if (retryAfter) c.header('Retry-After', String(retryAfter));
      }
      return errorResponse(c, status, error.message, {
        ...(error.kind === 'password-expired' ? { error: 'PasswordExpired' } : {}),
        data: error.data,
      });
    }
    if (error instanceof ProviderError) {
      // The provider's own words stay in the log; staff read the Indonesian sentence.
      const log = error.httpStatus >= 500 ? logger.warn.bind(logger) : logger.info.bind(logger);
      log({ provider: error.provider, kind: error.kind, providerReason: error.providerReason, path: c.req.path }, 'provider call did not succeed');
      return errorResponse(c, error.httpStatus, error.httpStatus === 400 ? [error.message] : error.message);
    }
    // Two requests raced to insert the same key (issue 17): the loser is told, never a 500. Areas
    // map the keys they know to their own message; this is the net under all the others.
    if (isUniqueViolation(error)) {
      logger.info({ err: error, method: c.req.method, path: c.req.path }, 'unique key refused a concurrent insert');
      return errorResponse(c, 409, UNIQUE_CONFLICT_MESSAGE);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unexpected error');
    return errorResponse(c, 500, SERVER_ERROR_MESSAGE);
  };
}

export function notFound(c: Context): Response {
  return errorResponse(c, 404, NOT_FOUND_MESSAGE);
}
