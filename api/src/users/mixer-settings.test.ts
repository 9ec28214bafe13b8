import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';

const VALID = { crossfadeEnabled: true, crossfadeDuration: 7500, mixTightness: 4, djModeEnabled: true, silenceEliminationEnabled: false };

describe.each(DATABASE_TARGETS)('mixer settings (REST and GraphQL) on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(): Promise<string> {
    users += 1;
    const res = await supertest(t.baseUrl).post('/api/register').send({ username: `mixer${users}`, password: 'password1' });
    expect(res.status).toBe(201);
    return cookiePair(res.headers['set-cookie']);
  }
  const get = (cookie: string) => supertest(t.baseUrl).get('/api/user/mixer-settings').set('cookie', cookie);
  const post = (cookie: string, body: unknown) => supertest(t.baseUrl).post('/api/user/mixer-settings').set('cookie', cookie).send(body as object);

  it('is 404 until saved, then answers what was saved (beatMatchedTransitions defaulting to true)', async () => {
    const cookie = await signIn();
    const before = await get(cookie);
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ error: 'No mixer settings saved' });
    const saved = await post(cookie, { ...VALID, showAdvancedControls: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...VALID, beatMatchedTransitions: true });
    expect((await get(cookie)).body).toEqual({ ...VALID, beatMatchedTransitions: true });
    const changed = await post(cookie, { ...VALID, crossfadeDuration: 30000, mixTightness: 1, beatMatchedTransitions: false });
    expect(changed.body).toEqual({ ...VALID, crossfadeDuration: 30000, mixTightness: 1, beatMatchedTransitions: false });
    // Omitting beatMatchedTransitions keeps the stored choice.
    expect((await post(cookie, { ...VALID, crossfadeDuration: 1000 })).body).toEqual({ ...VALID, crossfadeDuration: 1000, beatMatchedTransitions: false });
  });

  it.each([
    [{ crossfadeDuration: 999 }, 'crossfadeDuration must be between 1000 and 30000 ms'],
    [{ crossfadeDuration: 30500 }, 'crossfadeDuration must be between 1000 and 30000 ms'],
    [{ crossfadeDuration: 1250 }, 'crossfadeDuration must be a multiple of 500 ms'],
    [{ crossfadeDuration: 1500.5 }, 'crossfadeDuration must be a whole number of milliseconds'],
    [{ crossfadeDuration: '5000' }, 'crossfadeDuration must be a number of milliseconds'],
    [{ mixTightness: 0 }, 'mixTightness must be a whole number from 1 to 5'],
    [{ mixTightness: 6 }, 'mixTightness must be a whole number from 1 to 5'],
    [{ mixTightness: 2.5 }, 'mixTightness must be a whole number from 1 to 5'],
    [{ crossfadeEnabled: 'yes' }, 'crossfadeEnabled must be true or false'],
    [{ djModeEnabled: null }, 'djModeEnabled must be true or false'],
    [{ silenceEliminationEnabled: 1 }, 'silenceEliminationEnabled must be true or false'],
    [{ beatMatchedTransitions: 'no' }, 'beatMatchedTransitions must be true or false'],
    [{ crossfadeEnabled: undefined }, 'crossfadeEnabled must be true or false'],
  ])('rejects %j with 400 and a clear message, saving nothing', async (change, message) => {
    const cookie = await signIn();
    const res = await post(cookie, { ...VALID, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect((await get(cookie)).status).toBe(404);
  });

  it('serves mixerSettings and saveMixerSettings over GraphQL with the same rules', async () => {
    const cookie = await signIn();
    const gql = (query: string, variables: Record<string, unknown> = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
    const FIELDS = '{ crossfadeEnabled crossfadeDuration mixTightness djModeEnabled silenceEliminationEnabled beatMatchedTransitions }';
    expect((await gql(`{ mixerSettings ${FIELDS} }`)).body).toEqual({ data: { mixerSettings: null } });
    const save = `mutation ($input: MixerSettingsInput!) { saveMixerSettings(input: $input) ${FIELDS} }`;
    expect((await gql(save, { input: VALID })).body).toEqual({ data: { saveMixerSettings: { ...VALID, beatMatchedTransitions: true } } });
    expect((await gql(`{ mixerSettings ${FIELDS} }`)).body.data.mixerSettings).toEqual({ ...VALID, beatMatchedTransitions: true });
    const bad = await gql(save, { input: { ...VALID, crossfadeDuration: 1200 } });
    expect(bad.body.errors[0]).toMatchObject({ message: 'crossfadeDuration must be a multiple of 500 ms', extensions: { code: 'BAD_USER_INPUT' } });
    const anonymous = await supertest(t.baseUrl).post('/graphql').send({ query: `{ mixerSettings ${FIELDS} }` });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
