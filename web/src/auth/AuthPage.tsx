import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { reloadTo } from '../app/reload';
import { pathAfterSignIn } from '../app/afterSignIn';
import { BrandMark } from '../shell/BrandMark';
import { toast } from '../ui/toastStore';
import { toastAfterReload } from '../ui/toastAfterReload';
import { loginRequest, registerRequest, singleSignOnRequest, type SingleSignOn } from './authApi';
import { describeAuthFailure } from './authErrors';
import {
  EMAIL_HINT,
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_HINT,
  USERNAME_PATTERN,
} from './validation';
import './AuthPage.css';

type AuthMode = 'login' | 'register';

const TABS: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'login', label: 'Sign in' },
  { mode: 'register', label: 'Create account' },
];

/** Shown at any path while nobody is signed in (SPEC 2). */
export function AuthPage() {
  const [mode, setMode] = useState<AuthMode>('login');
  // The username field takes focus on arrival only; after a tab switch focus stays on the tabs.
  const [tabSwitched, setTabSwitched] = useState(false);
  const selectTab = (next: AuthMode) => {
    setMode(next);
    setTabSwitched(true);
  };
  const tabRefs = useRef<Record<AuthMode, HTMLButtonElement | null>>({ login: null, register: null });
  const id = useId();

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: AuthMode = mode === 'login' ? 'register' : 'login';
    selectTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand">
          {/* Not a link: every path shows this page until the visitor signs in. */}
          <span className="brand">
            <BrandMark />
          </span>
        </div>
        <h1 className="auth-card__title">{mode === 'login' ? 'Welcome back' : 'Start making music'}</h1>
        <p className="auth-card__subtitle">Generate songs with AI, then stream them anywhere.</p>
        <div className="auth-tabs" role="tablist" aria-label="Sign in or create an account">
          {TABS.map((tab) => (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[tab.mode] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.mode}`}
              aria-selected={mode === tab.mode}
              aria-controls={`${id}-panel`}
              tabIndex={mode === tab.mode ? 0 : -1}
              className="auth-tabs__tab"
              onClick={() => selectTab(tab.mode)}
              onKeyDown={onTabKeyDown}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${mode}`}>
          {mode === 'login' ? <LoginForm autoFocus={!tabSwitched} /> : <RegisterForm />}
        </div>
        <SingleSignOnButton />
      </div>
    </div>
  );
}

/** The server's reason a single sign-on came back refused (docs/auth.md), taken off the address. */
function takeSignInError(): string | null {
  const url = new URL(window.location.href);
  const message = url.searchParams.get('signInError');
  if (message === null) return null;
  url.searchParams.delete('signInError');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return message;
}

/** 'Continue with Google' (or the configured provider), only when the server has single sign-on. */
function SingleSignOnButton() {
  const [sso, setSso] = useState<SingleSignOn | null>(null);
  const [error] = useState(takeSignInError);
  useEffect(() => {
    let live = true;
    singleSignOnRequest().then((answer) => live && setSso(answer), () => {});
    return () => {
      live = false;
    };
  }, []);
  if (!sso?.enabled && !error) return null;
  const returnTo = `${window.location.pathname}${window.location.search}`;
  return (
    <div className="auth-sso">
      {sso?.enabled && (
        <>
          <p className="auth-sso__divider">or</p>
          <a className="button button--block auth-sso__button" href={`/api/auth/oidc/start?${new URLSearchParams({ returnTo })}`}>
            Continue with {sso.label}
          </a>
        </>
      )}
      <FormError message={error} />
    </div>
  );
}

function useAuthSubmit(failureTitle: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (request: () => Promise<void>, success: { title: string; description: string }) => {
    setPending(true);
    setError(null);
    try {
      await request();
    } catch (failure) {
      const message = describeAuthFailure(failure);
      setError(message);
      setPending(false);
      toast({ title: failureTitle, description: message, variant: 'destructive' });
      return;
    }
    toastAfterReload(success);
    reloadTo(pathAfterSignIn(window.location.pathname));
  };
  return { pending, error, run };
}

function LoginForm({ autoFocus }: { autoFocus: boolean }) {
  const { pending, error, run } = useAuthSubmit('Login failed');
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { username: String(form.get('username')).trim(), password: String(form.get('password')) };
    void run(() => loginRequest(credentials), { title: 'Login successful', description: 'Welcome back!' });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-busy={pending}>
      <Field id={`${id}-username`} label="Username">
        <input id={`${id}-username`} name="username" autoComplete="username" required autoFocus={autoFocus} />
      </Field>
      <Field id={`${id}-password`} label="Password">
        <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <FormError message={error} />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}

function RegisterForm() {
  const { pending, error, run } = useAuthSubmit('Registration failed');
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username')).trim();
    const registration = { username, password: String(form.get('password')), email: String(form.get('email') ?? '') };
    void run(() => registerRequest(registration), {
      title: 'Registration successful',
      description: `Welcome to Songforge, ${username}!`,
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-busy={pending}>
      <Field id={`${id}-username`} label="Username" hint={USERNAME_HINT}>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          pattern={USERNAME_PATTERN}
          minLength={3}
          maxLength={32}
          aria-describedby={`${id}-username-hint`}
        />
      </Field>
      <Field id={`${id}-password`} label="Password" hint={PASSWORD_HINT}>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-describedby={`${id}-password-hint`}
        />
      </Field>
      <Field id={`${id}-email`} label="Email" hint={EMAIL_HINT}>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" aria-describedby={`${id}-email-hint`} />
      </Field>
      <FormError message={error} />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth-form__error" role="alert">
      {message}
    </p>
  );
}
