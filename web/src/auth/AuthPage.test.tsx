import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../ui/Toaster';
import { AuthPage } from './AuthPage';

const reloadTo = vi.hoisted(() => vi.fn());
vi.mock('../app/reload', () => ({ reloadTo }));

function renderAuthPage() {
  return render(
    <MemoryRouter>
      <AuthPage />
      <Toaster />
    </MemoryRouter>,
  );
}

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

function pendingToasts(): unknown {
  return JSON.parse(window.sessionStorage.getItem('songforge.pendingToasts') ?? '[]');
}

describe('AuthPage', () => {
  it('signs in over REST, then reloads to / with the success toast queued', async () => {
    reloadTo.mockClear();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { username: 'melody' }));
    renderAuthPage();

    await userEvent.type(screen.getByLabelText('Username'), 'melody');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/login',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ username: 'melody', password: 'correct horse' }),
      }),
    );
    expect(reloadTo).toHaveBeenCalledWith('/');
    expect(pendingToasts()).toEqual([{ title: 'Login successful', description: 'Welcome back!' }]);
  });

  it("shows 'Login failed' as a destructive toast with 'status: message' and stays put", async () => {
    reloadTo.mockClear();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => 
      jsonResponse(401, { error: 'Invalid username or password' }, 'Unauthorized'),
    );
    renderAuthPage();

    await userEvent.type(screen.getByLabelText('Username'), 'melody');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const title = await screen.findByText('Login failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getAllByText('401: Invalid username or password')).toHaveLength(2); // toast + inline alert
    expect(screen.getByRole('alert')).toHaveTextContent('401: Invalid username or password');
    expect(reloadTo).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('registers with hints for the validation rules and omits an empty email', async () => {
    reloadTo.mockClear();
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(201, { username: 'new_user' }));
    renderAuthPage();

    await userEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('3-32 characters: letters, digits, _ or -');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('8-128 characters');
    expect(screen.getByLabelText('Email')).not.toBeRequired();

    await userEvent.type(screen.getByLabelText('Username'), 'new_user');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/register',
      expect.objectContaining({ body: JSON.stringify({ username: 'new_user', password: 'long enough' }) }),
    );
    expect(reloadTo).toHaveBeenCalledWith('/');
    expect(pendingToasts()).toEqual([{ title: 'Registration successful', description: 'Welcome to Songforge, new_user!' }]);
  });

  it("shows 'Registration failed' with the server's reason", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(409, { error: 'Username is already taken' }, 'Conflict'));
    renderAuthPage();

    await userEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    await userEvent.type(screen.getByLabelText('Username'), 'melody');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.type(screen.getByLabelText('Email'), 'melody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('409: Username is already taken');
  });

  it('switches tabs with the arrow keys', async () => {
    renderAuthPage();
    screen.getByRole('tab', { name: 'Sign in' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
  });

  it("offers 'Continue with' the configured provider, returning to this page", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { enabled: true, label: 'Google' }));
    window.history.replaceState(null, '', '/library?tab=songs');
    renderAuthPage();
    const button = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/start?returnTo=%2Flibrary%3Ftab%3Dsongs');
  });

  it('shows no single sign-on button when the server has none, and shows why a sign-on was refused', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { enabled: false, label: null }));
    window.history.replaceState(null, '', '/?signInError=Single+sign-on+failed%3A+please+try+again');
    renderAuthPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on failed: please try again');
    expect(window.location.search).toBe('');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/oidc', expect.anything()));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });
});
