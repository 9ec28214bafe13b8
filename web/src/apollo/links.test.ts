import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { isUnauthenticatedError } from './sessionExpiryLink';
import { graphqlWebSocketUrl } from './transportLink';

describe('graphqlWebSocketUrl', () => {
  it('uses ws on http and wss on https, same host and /graphql', () => {
    expect(graphqlWebSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/graphql');
    expect(graphqlWebSocketUrl({ protocol: 'https:', host: 'music.example.com' })).toBe('wss://music.example.com/graphql');
  });
});

describe('isUnauthenticatedError', () => {
  const graphQLError = (code: string) =>
    new CombinedGraphQLErrors({ data: null, errors: [{ message: 'nope', extensions: { code } }] });
  const serverError = (status: number) =>
    new ServerError('failed', { response: new Response('', { status }), bodyText: '' });

  it('is true for UNAUTHENTICATED GraphQL errors and HTTP 401', () => {
    expect(isUnauthenticatedError(graphQLError('UNAUTHENTICATED'))).toBe(true);
    expect(isUnauthenticatedError(serverError(401))).toBe(true);
  });

  it('is false for other failures', () => {
    expect(isUnauthenticatedError(graphQLError('FORBIDDEN'))).toBe(false);
    expect(isUnauthenticatedError(serverError(403))).toBe(false);
    expect(isUnauthenticatedError(serverError(500))).toBe(false);
    expect(isUnauthenticatedError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
