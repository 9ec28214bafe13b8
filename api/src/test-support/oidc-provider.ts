import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The accounts the test provider knows: who signs in next is the test's choice. */
export interface ProviderAccount {
  subject: string;
  email?: string;
  emailVerified?: boolean;
  preferredUsername?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next visit to the provider signs in as (no login form: the test decides). */
  signInNextAs(account: ProviderAccount): void;
  /** Registers the app's callback (known once the app listens). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the oidc-provider package) on 127.0.0.1: discovery, signed ID
 * tokens, PKCE, userinfo. Its login step is answered by the test's chosen account, and consent is
 * pre-granted (a first-party app), so a sign-in runs as redirects alone.
 */
export async function startTestOidcProvider(): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | null = null;
  let provider: Provider | null = null;
  const redirectUris: string[] = [];
  const clientId = 'songforge-test';
  const clientSecret = 'songforge-test-secret-0123456789abcdef';

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (!provider) throw new Error('The provider is not ready');
      if (req.url?.startsWith('/interaction/')) {
        if (!next) throw new Error('signInNextAs was not called');
        accounts.set(next.subject, next);
        await provider.interactionFinished(req, res, { login: { accountId: next.subject } }, { mergeWithLastSubmission: false });
        return;
      }
      provider.callback()(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () =>
    new Provider(issuer, {
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [...redirectUris], grant_types: ['authorization_code'], response_types: ['code'] }],
      cookies: { keys: ['test-cookie-key-0123456789'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, subject) => {
        const account = accounts.get(subject);
        if (!account) return undefined;
        return {
          accountId: subject,
          claims: () => ({ sub: subject, email: account.email, email_verified: account.emailVerified, preferred_username: account.preferredUsername }),
        };
      },
      // A first-party app: every scope it asks for is granted without a consent screen.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });

  return {
    issuer,
    clientId,
    clientSecret,
    signInNextAs(account) {
      next = account;
    },
    allowRedirect(uri) {
      redirectUris.push(uri);
      provider = build();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
