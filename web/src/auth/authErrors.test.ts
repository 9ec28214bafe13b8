import { describe, expect, it } from 'vitest';
import { AuthRequestError, authRequestErrorFrom, describeAuthFailure, formatAuthErrorMessage } from './authErrors';

describe('formatAuthErrorMessage (SPEC 8)', () => {
  it("uses the body's error field below 500", () => {
    expect(formatAuthErrorMessage(401, 'Unauthorized', '{"error":"Invalid username or password"}')).toBe(
      '401: Invalid username or password',
    );
    expect(formatAuthErrorMessage(409, 'Conflict', '{"error":"Username is already taken"}')).toBe(
      '409: Username is already taken',
    );
    expect(
      formatAuthErrorMessage(429, 'Too Many Requests', '{"error":"Too many failed login attempts. Try again in 15 minutes."}'),
    ).toBe('429: Too many failed login attempts. Try again in 15 minutes.');
  });

  it('falls back to the status text when the body has no error field', () => {
    expect(formatAuthErrorMessage(400, 'Bad Request', '{"message":"nope"}')).toBe('400: Bad Request');
    expect(formatAuthErrorMessage(400, 'Bad Request', '{"error":""}')).toBe('400: Bad Request');
    expect(formatAuthErrorMessage(404, 'Not Found', '<html>Not Found</html>')).toBe('404: Not Found');
    expect(formatAuthErrorMessage(401, 'Unauthorized', '')).toBe('401: Unauthorized');
  });

  it('uses the status text only for 500 and above', () => {
    expect(formatAuthErrorMessage(500, 'Internal Server Error', '{"error":"db exploded"}')).toBe('500: Internal Server Error');
    expect(formatAuthErrorMessage(503, 'Service Unavailable', '')).toBe('503: Service Unavailable');
  });
});

describe('authRequestErrorFrom', () => {
  it('reads the status, status text and body of a response', async () => {
    const response = new Response('{"error":"Username must be 3-32 characters: letters, digits, _ or -"}', {
      status: 400,
      statusText: 'Bad Request',
    });
    const error = await authRequestErrorFrom(response);
    expect(error).toBeInstanceOf(AuthRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('400: Username must be 3-32 characters: letters, digits, _ or -');
  });
});

describe('describeAuthFailure', () => {
  it('passes server refusals through and explains network failures', () => {
    expect(describeAuthFailure(new AuthRequestError(401, '401: Invalid username or password'))).toBe(
      '401: Invalid username or password',
    );
    expect(describeAuthFailure(new TypeError('Failed to fetch'))).toBe(
      'Could not reach Songforge. Check your connection and try again.',
    );
  });
});
