/** An auth REST call that the server refused; `message` is ready to show (SPEC 8). */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

/**
 * SPEC 8: auth errors read 'status: message' with the body's `error` field, or the status text
 * when there is none; server errors (500 and above) use the status text only.
 */
export function formatAuthErrorMessage(status: number, statusText: string, bodyText: string): string {
  const reason = statusText || 'Request failed';
  if (status >= 500) return `${status}: ${reason}`;
  return `${status}: ${errorFieldOf(bodyText) ?? reason}`;
}

function errorFieldOf(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error } = body as { error: unknown };
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status text.
  }
  return undefined;
}

export async function authRequestErrorFrom(response: Response): Promise<AuthRequestError> {
  const bodyText = response.status >= 500 ? '' : await response.text().catch(() => '');
  return new AuthRequestError(response.status, formatAuthErrorMessage(response.status, response.statusText, bodyText));
}

/** Message for any failure of an auth call, including the request never reaching the server. */
export function describeAuthFailure(error: unknown): string {
  if (error instanceof AuthRequestError) return error.message;
  return 'Could not reach Songforge. Check your connection and try again.';
}
