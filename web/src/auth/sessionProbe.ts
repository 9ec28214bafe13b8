/**
 * Whether the visitor has a session, asked before any of the app is loaded so that a signed-out
 * first visit downloads only the sign-in screen (issue 20). GraphQL's `me` answers null for no
 * user with a 200 (GET /api/user would answer 401, which the browser logs as a failed load on every
 * signed-out visit); anything else, a network failure included, counts as "maybe": the full app
 * then loads and shows the user, or its connection-problem screen with a retry.
 */
/** Sent as it is (no GraphQL client is loaded yet); the safelist manifest lists it beside the app's typed documents. */
export const SESSION_PROBE_QUERY = 'query SessionProbe { me { id } }';

export async function probeSession(): Promise<'signed-out' | 'maybe-signed-in'> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ query: SESSION_PROBE_QUERY }),
    });
    if (!response.ok) return 'maybe-signed-in';
    const body = (await response.json()) as { data?: { me?: unknown } | null; errors?: unknown };
    return body.data?.me === null && !body.errors ? 'signed-out' : 'maybe-signed-in';
  } catch {
    return 'maybe-signed-in';
  }
}
