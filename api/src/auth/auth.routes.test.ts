import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { DEFAULT_SIGNUPS_PER_HOUR } from './throttles.js';

const ME = '{ me { id username userTier canAccessAdmin canGenerateMusic canAccessDJ } }';

describe.each(DATABASE_TARGETS)('auth over REST and GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers, signs in and out with an httpOnly SameSite=Lax session cookie', async () => {
    const browser = t.agent();
    const registered = await browser.post('/api/register').send({ username: 'restadmin', password: 'password1', email: 'admin@example.com' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ username: 'restadmin', userTier: 'admin', canAccessAdmin: true, email: 'admin@example.com' });
    expect(registered.body).not.toHaveProperty('password');
    expect(registered.body).not.toHaveProperty('audioProviderApiKey');
    const cookie = registered.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^songforge\.sid=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    expect((await browser.get('/api/user')).body).toMatchObject({ username: 'restadmin' });
    const logout = await browser.post('/api/logout').set('origin', t.baseUrl);
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect(logout.headers['set-cookie']?.[0]).toMatch(/songforge\.sid=;.*Max-Age=0/);
    const after = await browser.get('/api/user');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Not authenticated' });

    const login = await browser.post('/api/login').send({ username: 'RESTADMIN', password: 'password1' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'restadmin' });
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('gives later accounts the free tier with the tier grants of docs/permissions.md', async () => {
    const res = await supertest(t.baseUrl).post('/api/register').send({ username: 'restfree', password: 'password1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userTier: 'free', canAccessAdmin: false, canGenerateMusic: true, canAccessDJ: false, monthlyGenerationLimit: 5, defaultDuration: 180 });
  });

  it('answers every REST error path with its status and {error} body', async () => {
    const api = supertest(t.baseUrl);
    const cases: Array<[string, object | string, number, string]> = [
      ['/api/register', { username: 'restfree', password: 'password1' }, 409, 'Username is already taken'],
      ['/api/register', { username: 'RESTFREE', password: 'password1' }, 409, 'Username is already taken'],
      ['/api/register', { username: 'x', password: 'password1' }, 400, 'Username must be 3-32 characters: letters, digits, _ or -'],
      ['/api/register', { username: 'newperson', password: 'short' }, 400, 'Password must be 8-128 characters'],
      ['/api/register', { username: 'newperson', password: 'password1', email: 'nope' }, 400, 'Email is not a valid address'],
      ['/api/register', { username: 'newperson2', password: 'password1', email: 'admin@example.com' }, 409, 'Email is already registered'],
      ['/api/register', '[]', 400, 'Expected a JSON object with username and password'],
      ['/api/register', '{"username":', 400, 'Malformed JSON body'],
      ['/api/login', { username: 'restfree' }, 400, 'Password is required'],
      ['/api/login', { username: 'restfree', password: 'wrong-one' }, 401, 'Invalid username or password'],
      ['/api/login', { username: 'ghost', password: 'password1' }, 401, 'Invalid username or password'],
    ];
    for (const [path, body, status, error] of cases) {
      const req = api.post(path).set('content-type', 'application/json');
      const res = await req.send(typeof body === 'string' ? body : JSON.stringify(body));
      expect({ path, body, status: res.status, error: res.body.error }).toEqual({ path, body, status, error });
    }
    const unknown = await api.get('/api/does-not-exist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not found' });
  });

  it('serves the same user through GraphQL, with error codes', async () => {
    const browser = t.agent();
    const anonymous = await browser.post('/graphql').send({ query: ME });
    expect(anonymous.body).toEqual({ data: { me: null } });

    const register = await browser.post('/graphql').send({
      query: 'mutation ($u: String!, $p: String!) { register(username: $u, password: $p) { username userTier } }',
      variables: { u: 'gqluser', p: 'password1' },
    });
    expect(register.body).toEqual({ data: { register: { username: 'gqluser', userTier: 'free' } } });
    expect(register.headers['set-cookie']?.[0]).toMatch(/songforge\.sid=.*HttpOnly/);
    const me = await browser.post('/graphql').send({ query: ME });
    expect(me.body.data.me).toMatchObject({ username: 'gqluser', canAccessAdmin: false });
    const rest = await browser.get('/api/user');
    expect(rest.body).toMatchObject({ id: me.body.data.me.id, username: 'gqluser', canGenerateMusic: me.body.data.me.canGenerateMusic });

    const duplicate = await supertest(t.baseUrl)
      .post('/graphql')
      .send({ query: 'mutation { register(username: "GQLUSER", password: "password1") { id } }' });
    expect(duplicate.body.errors[0]).toMatchObject({ message: 'Username is already taken', extensions: { code: 'CONFLICT' } });
    const wrong = await supertest(t.baseUrl).post('/graphql').send({ query: 'mutation { login(username: "gqluser", password: "nope-nope") { id } }' });
    expect(wrong.body.errors[0]).toMatchObject({ message: 'Invalid username or password', extensions: { code: 'UNAUTHENTICATED' } });
    const logout = await browser.post('/graphql').send({ query: 'mutation { logout }' });
    expect(logout.body).toEqual({ data: { logout: true } });
    expect((await browser.post('/graphql').send({ query: ME })).body).toEqual({ data: { me: null } });
  });

  it('marks cookies Secure behind an HTTPS proxy when TRUST_PROXY is set', async () => {
    const proxied = await startTestApp({ target: 'embedded', config: { trustProxy: true } });
    try {
      const res = await supertest(proxied.baseUrl)
        .post('/api/register')
        .set('X-Forwarded-Proto', 'https')
        .send({ username: 'secureuser', password: 'password1' });
      expect(res.headers['set-cookie']?.[0]).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-in and sign-up throttling over REST', () => {
  it('throttles guesses per address and username without locking the owner out, and limits sign-ups per address (429)', async () => {
    // A fresh instance behind a trusted proxy, so X-Forwarded-For gives each request its address.
    const fresh = await startTestApp({ target: 'embedded', config: { trustProxy: true, signUpsPerHour: DEFAULT_SIGNUPS_PER_HOUR } });
    try {
      const from = (ip: string) => ({ post: (path: string, body: object) => supertest(fresh.baseUrl).post(path).set('X-Forwarded-For', ip).send(body) });
      expect((await from('10.0.0.1').post('/api/register', { username: 'target', password: 'password1' })).status).toBe(201);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await from('10.6.6.6').post('/api/login', { username: 'target', password: 'wrong-pass' })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      const blocked = await from('10.6.6.6').post('/api/login', { username: 'target', password: 'password1' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: 'Too many failed login attempts. Try again in 15 minutes.' });
      expect((await from('10.7.7.7').post('/api/login', { username: 'target', password: 'password1' })).status).toBe(200);

      const signUps: number[] = [];
      for (let i = 0; i < 25; i += 1) signUps.push((await from('10.8.8.8').post('/api/register', { username: `burst${i}`, password: 'password1' })).status);
      expect(signUps).toEqual([...Array(DEFAULT_SIGNUPS_PER_HOUR).fill(201), ...Array(25 - DEFAULT_SIGNUPS_PER_HOUR).fill(429)]);
      const refused = await from('10.8.8.8').post('/api/register', { username: 'oneMore', password: 'password1' });
      expect(refused.body).toEqual({ error: 'Too many sign-ups from this address. Try again in 60 minutes.' });
      expect((await from('10.9.9.9').post('/api/register', { username: 'oneMore', password: 'password1' })).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});
