/**
 * Whether the visitor has a session, asked before any of the app is loaded so that a signed-out
 * first visit downloads only the sign-in screen (issue 20). GET /api/user answers 401 for no user
 * (SPEC 7); anything else, a network failure included, counts as "maybe": the full app then loads
 * and shows the user, or its connection-problem screen with a retry.
 */
export async function probeSession(): Promise<'signed-out' | 'maybe-signed-in'> {
  try {
    const response = await fetch('/api/user', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    return response.status === 401 ? 'signed-out' : 'maybe-signed-in';
  } catch {
    return 'maybe-signed-in';
  }
}
