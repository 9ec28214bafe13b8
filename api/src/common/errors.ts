/**
 * Domain errors. Services throw these; the GraphQL layer turns them into errors with
 * `extensions.code`, the REST layer into the status and `{ "error": message }` body of SPEC 8.
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** REST status when it differs from the code's usual one (e.g. a quota as 429 on REST, FORBIDDEN in GraphQL). */
    readonly httpStatus: number = HTTP_STATUS[code],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string) => new AppError('BAD_USER_INPUT', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Not authenticated') => new AppError('UNAUTHENTICATED', message);
