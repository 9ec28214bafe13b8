import { createHmac, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { AppError } from '../common/errors.js';

/** Single sign-on settings (docs/auth.md); null when OIDC_ISSUER_URL is not set. */
export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The public address of this app; the provider sends users back to `${redirectBase}/api/auth/oidc/callback`. */
  redirectBase: string;
  /** The provider's name on the button: "Continue with <label>". */
  label: string;
}

/** Who the provider says signed in (ID token claims, completed from the userinfo endpoint). */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** A user name to start from for a new account (preferred_username, name or the email's local part). */
  nameHint: string | null;
}

/** Where a sign-in in progress is kept between leaving for the provider and coming back. */
export const OIDC_COOKIE = 'songforge.oidc';
const OIDC_COOKIE_PATH = '/api/auth/oidc';
const PENDING_MS = 10 * 60_000;
export const CALLBACK_PATH = '/api/auth/oidc/callback';

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  expiresAt: number;
}

/** The one refusal a browser meets on the way back from the provider, whatever went wrong. */
export const SSO_FAILED = 'Single sign-on failed: please try again';

/**
 * OpenID Connect sign-in with openid-client: the authorization code flow with PKCE (S256), and
 * state and nonce checked on the way back. Any provider with a discovery document works (Google:
 * OIDC_ISSUER_URL=https://accounts.google.com). The state, nonce and PKCE verifier travel in a
 * short-lived HttpOnly cookie signed with the session secret, so any API process can finish a sign-in.
 */
export class OidcSignIn {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly settings: OidcSettings,
    private readonly cookieSecret: string,
  ) {}

  get label(): string {
    return this.settings.label;
  }

  /** The provider's address to send the browser to, and the cookie that remembers this attempt. */
  async start(returnTo: string, secure: boolean): Promise<{ url: string; cookie: string }> {
    const config = await this.discover();
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnTo: safeReturnPath(returnTo),
      expiresAt: Date.now() + PENDING_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url: url.href, cookie: this.pendingCookie(pending, secure) };
  }

  /**
   * Checks the provider's answer (state, then the code exchanged with the PKCE verifier, then the
   * ID token's signature, audience and nonce) and returns who signed in. Throws SSO_FAILED otherwise.
   */
  async finish(callbackQuery: string, cookieHeader: string | undefined): Promise<{ identity: OidcIdentity; returnTo: string }> {
    const pending = this.readPending(cookieHeader);
    const config = await this.discover();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri}${callbackQuery}`), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Providers may keep email out of the ID token (the spec's default): ask userinfo then.
      const claims = typeof idClaims.email === 'string' ? idClaims : { ...idClaims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
      const nameHint = [claims.preferred_username, claims.name, email?.split('@')[0]].find((value): value is string => typeof value === 'string' && value.trim() !== '') ?? null;
      return {
        identity: { subject: idClaims.sub, email, emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'), nameHint },
        returnTo: pending.returnTo,
      };
    } catch (error) {
      throw Object.assign(new AppError('UNAUTHENTICATED', SSO_FAILED), { cause: error });
    }
  }

  /** Ends the attempt (it is single use). */
  static clearedCookie(secure: boolean): string {
    return serializeCookie(OIDC_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: OIDC_COOKIE_PATH, maxAge: 0 });
  }

  private get redirectUri(): string {
    return `${this.settings.redirectBase.replace(/\/+$/, '')}${CALLBACK_PATH}`;
  }

  /** Discovery runs once, on first use; a failure (provider down) is retried by the next attempt. */
  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuerUrl);
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined)
        .catch((error: unknown) => {
          this.configuration = null;
          throw Object.assign(new AppError('INTERNAL_SERVER_ERROR', 'The single sign-on provider cannot be reached', 502), { cause: error });
        });
    }
    return this.configuration;
  }

  private pendingCookie(pending: PendingSignIn, secure: boolean): string {
    const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
    return serializeCookie(OIDC_COOKIE, `${payload}.${this.sign(payload)}`, { httpOnly: true, sameSite: 'lax', secure, path: OIDC_COOKIE_PATH, maxAge: PENDING_MS / 1000 });
  }

  private readPending(cookieHeader: string | undefined): PendingSignIn {
    const [payload, signature] = (parseCookies(cookieHeader ?? '')[OIDC_COOKIE] ?? '').split('.');
    const expected = payload ? Buffer.from(this.sign(payload)) : null;
    if (!expected || !signature || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), expected)) {
      throw new AppError('UNAUTHENTICATED', SSO_FAILED);
    }
    const pending = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as PendingSignIn;
    if (pending.expiresAt < Date.now()) throw new AppError('UNAUTHENTICATED', SSO_FAILED);
    return pending;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.cookieSecret).update(`oidc-pending:${payload}`).digest('base64url');
  }
}

/** Only a path of this site: never another origin (`//evil.example`, `https://...`). */
export function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : '/';
}

/** A provider on this machine (a development Keycloak, the tests' provider) may speak plain HTTP. */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
