import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { startTestOidcProvider, type ProviderAccount, type TestOidcProvider } from '../test-support/oidc-provider.js';
import type { OidcSettings } from './oidc.js';
import { CALLBACK_PATH, SSO_FAILED } from './oidc.js';
import { UNVERIFIED_EMAIL } from './auth.service.js';
import { User } from '../users/user.entity.js';

/**
 * A browser without JavaScript: follows redirects itself and keeps each site's cookies, so the
 * app's sign-in cookie and the provider's session cookies travel as they would.
 */
class RedirectingBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookieFor(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, its cookies kept; answers the status and the redirect target. */
  async step(url: string): Promise<{ status: number; location: string | null }> {
    const { origin } = new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieFor(origin), accept: 'text/html' } });
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(origin, jar);
    await res.arrayBuffer();
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, url).href : null };
  }

  /** Follows redirects from `url` until one leads to `stopAt` (not requested) or a page answers. */
  async follow(url: string, stopAt?: (url: string) => boolean): Promise<string> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      const { status, location } = await this.step(current);
      if (status < 300 || status >= 400 || !location) throw new Error(`${current} answered ${status} without a redirect`);
      if (stopAt?.(location)) return location;
      current = location;
    }
    throw new Error('Too many redirects');
  }
}

describe.each(DATABASE_TARGETS)('single sign-on with OpenID Connect on %s PostgreSQL', (target) => {
  let t: TestApp;
  let provider: TestOidcProvider;
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    provider = await startTestOidcProvider();
    // The app's own address is known only once it listens: the settings object is completed then.
    const settings: OidcSettings = { issuerUrl: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, redirectBase: 'http://unset', label: 'Test ID' };
    t = await startTestApp({ target, config: { oidc: settings } });
    settings.redirectBase = t.baseUrl;
    provider.allowRedirect(`${t.baseUrl}${CALLBACK_PATH}`);
    // The installation's admin, so the accounts below are ordinary ones.
    expect((await supertest(t.baseUrl).post('/api/register').send({ username: 'ssoadmin', password: 'password1' })).status).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Signs in at the provider as `account`, from /start to the app's answer to the callback. */
  async function signIn(account: ProviderAccount, tamper: (callback: URL) => void = () => {}) {
    provider.signInNextAs(account);
    const browser = new RedirectingBrowser();
    const callback = new URL(await browser.follow(`${t.baseUrl}/api/auth/oidc/start?returnTo=/library`, (url) => url.startsWith(`${t.baseUrl}${CALLBACK_PATH}`)));
    tamper(callback);
    const answer = await browser.step(callback.href);
    const me = await supertest(t.baseUrl).get('/api/user').set('cookie', browser.cookieFor(t.baseUrl));
    return { answer, me, callback, browser };
  }

  it('tells the sign-in page the provider is configured', async () => {
    expect((await supertest(t.baseUrl).get('/api/auth/oidc')).body).toEqual({ enabled: true, label: 'Test ID' });
  });

  it('leaves with the authorization code flow: PKCE S256, state and nonce', async () => {
    const start = await supertest(t.baseUrl).get('/api/auth/oidc/start');
    expect(start.status).toBe(303);
    const url = new URL(start.headers.location);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'code', client_id: provider.clientId, code_challenge_method: 'S256', scope: 'openid email profile', redirect_uri: `${t.baseUrl}${CALLBACK_PATH}` });
    for (const param of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(param)).toMatch(/^[\w-]{20,}$/);
    expect(start.headers['set-cookie'][0]).toMatch(/^songforge\.oidc=.+; Max-Age=600; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax$/);
  });

  it('creates an account for a new identity, with its verified email and subject, and signs it in', async () => {
    const { answer, me } = await signIn({ subject: 'subject-new', email: 'Carol@Example.com', emailVerified: true, preferredUsername: 'carol smith' });
    expect(answer).toEqual({ status: 303, location: `${t.baseUrl}/library` });
    expect(me.body).toMatchObject({ username: 'carolsmith', email: 'carol@example.com', userTier: 'free' });
    expect((await em().findOneOrFail(User, { username: 'carolsmith' })).googleId).toBe('subject-new');
    // The same identity again finds the same account.
    const again = await signIn({ subject: 'subject-new', email: 'carol@example.com', emailVerified: true, preferredUsername: 'carol smith' });
    expect(again.me.body.id).toBe(me.body.id);
    expect(await em().count(User, { googleId: 'subject-new' })).toBe(1);
  });

  it('links an existing account by a verified email, and the password still works', async () => {
    const registered = await supertest(t.baseUrl).post('/api/register').send({ username: 'dave', password: 'password1', email: 'dave@example.com' });
    const { answer, me } = await signIn({ subject: 'subject-dave', email: 'dave@example.com', emailVerified: true, preferredUsername: 'dave-at-idp' });
    expect(answer.location).toBe(`${t.baseUrl}/library`);
    expect(me.body).toMatchObject({ id: registered.body.id, username: 'dave' });
    expect((await em().findOneOrFail(User, { username: 'dave' })).googleId).toBe('subject-dave');
    expect((await supertest(t.baseUrl).post('/api/login').send({ username: 'dave', password: 'password1' })).status).toBe(200);
  });

  it('never links by an unverified email: the sign-in is refused and the account left alone', async () => {
    await supertest(t.baseUrl).post('/api/register').send({ username: 'erin', password: 'password1', email: 'erin@example.com' });
    const { answer, me } = await signIn({ subject: 'subject-mallory', email: 'erin@example.com', emailVerified: false });
    expect(answer.location).toBe(`${t.baseUrl}/?${new URLSearchParams({ signInError: UNVERIFIED_EMAIL })}`);
    expect(me.status).toBe(401);
    expect((await em().findOneOrFail(User, { username: 'erin' })).googleId).toBeNull();
    expect(await em().count(User, { googleId: 'subject-mallory' })).toBe(0);
  });

  it('gives an unverified email no place on a new account', async () => {
    const { me } = await signIn({ subject: 'subject-frank', email: 'frank@example.com', emailVerified: false, preferredUsername: 'frank' });
    expect(me.body).toMatchObject({ username: 'frank', email: null });
    expect((await em().findOneOrFail(User, { username: 'frank' })).googleId).toBe('subject-frank');
  });

  it('refuses a callback whose state was tampered with, and one from another browser', async () => {
    const tampered = await signIn({ subject: 'subject-grace', email: 'grace@example.com', emailVerified: true }, (callback) => callback.searchParams.set('state', 'forged-state-value'));
    expect(tampered.answer.location).toBe(`${t.baseUrl}/?${new URLSearchParams({ signInError: SSO_FAILED })}`);
    expect(tampered.me.status).toBe(401);
    // The real callback, replayed in a browser that never started the sign-in (no signed cookie).
    const stranger = await supertest(t.baseUrl).get(`${tampered.callback.pathname}${tampered.callback.search}`);
    expect(stranger.status).toBe(303);
    expect(stranger.headers.location).toBe(`/?${new URLSearchParams({ signInError: SSO_FAILED })}`);
    expect(await em().count(User, { googleId: 'subject-grace' })).toBe(0);
  });

  it('refuses a disabled account', async () => {
    await signIn({ subject: 'subject-heidi', email: 'heidi@example.com', emailVerified: true, preferredUsername: 'heidi' });
    await em().nativeUpdate(User, { googleId: 'subject-heidi' }, { disabledAt: new Date() });
    const { answer, me } = await signIn({ subject: 'subject-heidi', email: 'heidi@example.com', emailVerified: true });
    expect(answer.location).toBe(`${t.baseUrl}/?${new URLSearchParams({ signInError: 'This account has been disabled' })}`);
    expect(me.status).toBe(401);
  });

  it('keeps the return path on this site', async () => {
    const start = await supertest(t.baseUrl).get('/api/auth/oidc/start?returnTo=//evil.example/x');
    const cookie = start.headers['set-cookie'][0].split(';')[0].split('=')[1].split('.')[0];
    expect(JSON.parse(Buffer.from(cookie, 'base64url').toString()).returnTo).toBe('/');
  });
});

describe('single sign-on not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hides the button and answers 404 on its routes', async () => {
    expect((await supertest(t.baseUrl).get('/api/auth/oidc')).body).toEqual({ enabled: false, label: null });
    expect((await supertest(t.baseUrl).get('/api/auth/oidc/start')).status).toBe(404);
    expect((await supertest(t.baseUrl).get('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
  });
});
