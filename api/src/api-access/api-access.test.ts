/**
 * Personal access tokens (Authorization: Bearer on GraphQL and REST) and app passwords: created
 * (the secret shown once), listed without the secret, stored hashed / sealed, revoked with effect on
 * the very next request, and never able to mint more credentials.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { AccessToken } from './access-token.entity.js';
import { AppPassword } from './app-password.entity.js';
import { User } from '../users/user.entity.js';
import { ACCESS_TOKEN_PREFIX, CREDENTIALS_MAX } from './api-access.service.js';

describe.each(DATABASE_TARGETS)('personal access tokens and app passwords on %s PostgreSQL', (target) => {
  let t: TestApp;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const graphql = (auth: { cookie?: string; bearer?: string }, query: string, variables: Record<string, unknown> = {}) => {
    const req = supertest(t.baseUrl).post('/graphql');
    if (auth.cookie) req.set('cookie', auth.cookie);
    if (auth.bearer) req.set('authorization', `Bearer ${auth.bearer}`);
    return req.send({ query, variables });
  };

  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a token from a session, shows it once, stores only its hash, and it signs GraphQL and REST requests in', async () => {
    const { user, cookie, username } = await signUpMember(t, 'pat');
    const created = await graphql({ cookie }, 'mutation { createAccessToken(name: "backup script") { secret credential { id name last4 lastUsedAt } } }');
    const { secret, credential } = created.body.data.createAccessToken;
    expect(secret.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
    expect(credential).toMatchObject({ name: 'backup script', last4: secret.slice(-4), lastUsedAt: null });
    const row = await em().findOneOrFail(AccessToken, { id: Number(credential.id) });
    expect(row.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    const me = await graphql({ bearer: secret }, '{ me { username } }');
    expect(me.body.data.me).toEqual({ username });
    const rest = await supertest(t.baseUrl).get('/api/user').set('authorization', `Bearer ${secret}`);
    expect(rest.status).toBe(200);
    expect(rest.body.username).toBe(username);
    // Listed without the secret, with when it was last used.
    const listed = await graphql({ cookie }, '{ accessTokens { id name last4 lastUsedAt } }');
    expect(listed.body.data.accessTokens).toEqual([expect.objectContaining({ id: credential.id, last4: secret.slice(-4), lastUsedAt: expect.any(String) })]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(user.id).toBeGreaterThan(0);
  });

  it('refuses a revoked token on the very next request, on GraphQL and REST', async () => {
    const { cookie } = await signUpMember(t, 'revoke');
    const { secret, credential } = (await graphql({ cookie }, 'mutation { createAccessToken(name: "ci") { secret credential { id } } }')).body.data.createAccessToken;
    expect((await graphql({ bearer: secret }, '{ me { id } }')).body.data.me).not.toBeNull();
    expect((await graphql({ cookie }, 'mutation ($id: ID!) { revokeAccessToken(id: $id) }', { id: credential.id })).body.data.revokeAccessToken).toBe(true);
    expect((await graphql({ bearer: secret }, '{ me { id } }')).body.data.me).toBeNull();
    expect((await graphql({ bearer: secret }, '{ accessTokens { id } }')).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await supertest(t.baseUrl).get('/api/user').set('authorization', `Bearer ${secret}`)).status).toBe(401);
    // A bad token is nobody, even beside a valid session cookie.
    expect((await supertest(t.baseUrl).get('/api/user').set('cookie', cookie).set('authorization', `Bearer ${secret}`)).status).toBe(401);
  });

  it('refuses a token of a disabled account', async () => {
    const { user, cookie } = await signUpMember(t, 'disabled');
    const { secret } = (await graphql({ cookie }, 'mutation { createAccessToken(name: "x") { secret } }')).body.data.createAccessToken;
    await em().nativeUpdate(User, { id: user.id }, { disabledAt: new Date() });
    expect((await supertest(t.baseUrl).get('/api/user').set('authorization', `Bearer ${secret}`)).status).toBe(401);
  });

  it('does not let a token create more tokens or app passwords; it may revoke them', async () => {
    const { cookie } = await signUpMember(t, 'mint');
    const { secret } = (await graphql({ cookie }, 'mutation { createAccessToken(name: "leaky") { secret } }')).body.data.createAccessToken;
    for (const mutation of ['createAccessToken', 'createAppPassword']) {
      const res = await graphql({ bearer: secret }, `mutation { ${mutation}(name: "more") { secret } }`);
      expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const app = (await graphql({ cookie }, 'mutation { createAppPassword(name: "phone") { credential { id } } }')).body.data.createAppPassword;
    expect((await graphql({ bearer: secret }, 'mutation ($id: ID!) { revokeAppPassword(id: $id) }', { id: app.credential.id })).body.data.revokeAppPassword).toBe(true);
  });

  it('seals app passwords (readable only with the encryption key), names them and limits how many', async () => {
    const { user, cookie } = await signUpMember(t, 'apppw');
    const created = (await graphql({ cookie }, 'mutation { createAppPassword(name: "DSub") { secret credential { id name last4 } } }')).body.data.createAppPassword;
    expect(created.secret).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    expect(created.credential).toMatchObject({ name: 'DSub', last4: null });
    const row = await em().findOneOrFail(AppPassword, { id: Number(created.credential.id) });
    expect(row.sealedPassword.startsWith('v1.')).toBe(true);
    expect(row.sealedPassword).not.toContain(created.secret);
    expect((await graphql({ cookie }, 'mutation { createAppPassword(name: "   ") { secret } }')).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    for (let i = 1; i < CREDENTIALS_MAX; i += 1) await t.app.services.apiAccess.createAppPassword(em(), user, { name: `app ${i}` });
    const over = await graphql({ cookie }, 'mutation { createAppPassword(name: "one too many") { secret } }');
    expect(over.body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' }, message: `You have ${CREDENTIALS_MAX} app passwords already: revoke one first` });
    // Someone else's credential does not exist for them.
    const other = await signUpMember(t, 'other');
    expect((await graphql({ cookie: other.cookie }, 'mutation ($id: ID!) { revokeAppPassword(id: $id) }', { id: created.credential.id })).body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
