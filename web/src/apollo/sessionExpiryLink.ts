import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { of } from 'rxjs';

/** True for an operation refused because the session is missing or expired. */
export function isUnauthenticatedError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((graphQLError) => graphQLError.extensions?.code === 'UNAUTHENTICATED');
  }
  return ServerError.is(error) && error.statusCode === 401;
}

/**
 * Reacts to the API saying the user is not signed in (SPEC 4). The user query itself answers
 * "nobody" (`me: null`), which shows the auth page; any other operation calls
 * `onSessionExpired` to drop the cached user and data.
 */
export function createSessionExpiryLink(onSessionExpired: () => void): ErrorLink {
  return new ErrorLink(({ error, operation }) => {
    if (!isUnauthenticatedError(error)) return;
    if (operation.operationName === 'Me') return of({ data: { me: null } });
    onSessionExpired();
  });
}
