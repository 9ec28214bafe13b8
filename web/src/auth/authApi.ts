import { authRequestErrorFrom } from './authErrors';

// Login, registration and logout set or clear the session cookie, so they go through REST
// (SPEC 7); everything else is GraphQL.

export interface Credentials {
  username: string;
  password: string;
}

export interface Registration extends Credentials {
  email?: string;
}

async function post(path: string, body?: object): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw await authRequestErrorFrom(response);
}

export function loginRequest(credentials: Credentials): Promise<void> {
  return post('/api/login', credentials);
}

export function registerRequest({ username, password, email }: Registration): Promise<void> {
  const trimmedEmail = email?.trim();
  return post('/api/register', trimmedEmail ? { username, password, email: trimmedEmail } : { username, password });
}

export function logoutRequest(): Promise<void> {
  return post('/api/logout');
}

/** Whether the server offers single sign-on, and the provider's name for its button. */
export interface SingleSignOn {
  enabled: boolean;
  label: string | null;
}

export async function singleSignOnRequest(): Promise<SingleSignOn> {
  const response = await fetch('/api/auth/oidc', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw await authRequestErrorFrom(response);
  const body = (await response.json()) as Partial<SingleSignOn>;
  return { enabled: body.enabled === true, label: typeof body.label === 'string' ? body.label : null };
}
