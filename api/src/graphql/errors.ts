import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError } from '../common/errors.js';

/**
 * Domain errors keep their message and get `extensions.code`; GraphQL's own validation errors
 * pass through; anything unexpected is logged and masked so internals never leak to clients.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, log: (e: unknown) => void = console.error): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return { ...formatted, message: original.message, extensions: { code: original.code, http: { status: original.httpStatus } } };
  }
  if (original instanceof GraphQLError || formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    // Apollo gives every validation error the code GRAPHQL_VALIDATION_FAILED; a rule's own code (a limit's) is more precise.
    const ruleCode = original instanceof GraphQLError && original.originalError instanceof GraphQLError ? original.originalError.extensions.code : undefined;
    return { ...formatted, extensions: ruleCode ? { ...extensions, code: ruleCode } : extensions };
  }
  log(original);
  return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
