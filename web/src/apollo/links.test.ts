import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { isUnauthenticatedError } from './sessionExpiryLink';
import { graphqlWebSocketUrl, subscriptionClientOptions } from './transportLink';

describe('graphqlWebSocketUrl', () => {
  it('uses ws on http and wss on https, same host and /graphql', () => {
    expect(graphqlWebSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/graphql');
    expect(graphqlWebSocketUrl({ protocol: 'https:', host: 'music.example.com' })).toBe('wss://music.example.com/graphql');
  });
});

describe('subscriptionClientOptions', () => {
  it('keeps reconnecting, and reports a connection that follows a drop but not the first one', async () => {
    const onResumed = vi.fn();
    const options = subscriptionClientOptions('ws://localhost/graphql', onResumed);
    expect(options.retryAttempts).toBe(Number.POSITIVE_INFINITY);
    expect(options.shouldRetry?.({ code: 1006, reason: '', wasClean: false })).toBe(true);
    expect(options.shouldRetry?.(new Error('network down'))).toBe(true);
    // Signed out (or the session expired): the server would refuse every retry.
    expect(options.shouldRetry?.({ code: 4403, reason: 'Forbidden', wasClean: true })).toBe(false);
    const connected = options.on?.connected;
    connected?.({}, undefined, false);
    expect(onResumed).not.toHaveBeenCalled();
    connected?.({}, undefined, true);
    expect(onResumed).toHaveBeenCalledTimes(1);
    vi.useFakeTimers();
    try {
      // Waits grow, but never past 10 s.
      let waited = false;
      void options.retryWait?.(20).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(waited).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(waited).toBe(true);
    } finally {
      vi.useRealTimers();
    }
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
