import type { ErrorBody, ErrorCode } from '@gurumatch/shared/errors';

/** The one error services throw. The error handler turns it into `{detail, code, errors?}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

/** An outside service (mail, codes, maps) failed: 503 for the caller, the cause for the log. */
export function providerUnavailable(detail: string, cause: unknown): AppError {
  const error = new AppError(503, 'service_unavailable', detail);
  error.cause = cause;
  return error;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The one error body: `{detail, code, errors?}` plus the `success/message/error` the client reads. */
export function errorBody(
  detail: string,
  code: ErrorCode,
  fieldErrors?: Record<string, string[]>,
): ErrorBody {
  return {
    detail,
    code,
    ...(fieldErrors ? { errors: fieldErrors } : {}),
    success: false,
    message: detail,
    error: detail,
  };
}
