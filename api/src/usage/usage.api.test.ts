import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { insertSong } from '../library/test-fixtures.js';
import { UserTimePreferences } from '../schedules/user-time-preferences.entity.js';
import { User } from '../users/user.entity.js';
import { GB } from './cost-model.js';
import { GenerationUsage } from './generation-usage.entity.js';

const BREAKDOWN = `query ($month: String, $allUsers: Boolean) { usageBreakdown(month: $month, allUsers: $allUsers) {
  month timezone months allUsers costModel { cpuSecondPrice gbMonthPrice source }
  totals { generations audioSeconds cpuSeconds storageBytes retries cost }
  days { date generations cost } stages { stage cpuSeconds cost } genres { genre generations cost }
  topSongs { title username cost } storage { bytes monthlyCost } users { username generations cost } } }`;

describe.each(DATABASE_TARGETS)('usage API on %s PostgreSQL', (target) => {
  let t: TestApp;
  let requestIds = 0;
  const accounts: Record<string, { gql: (q: string, v?: Record<string, unknown>) => supertest.Test; cookie: string; user: User }> = {};
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 0, costPerCpuSecond: 0.001, costPerGbMonth: 0.5 } });
    // The first account is the admin.
    for (const username of ['boss', 'alice', 'bob']) {
      const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
      const cookie = cookiePair(res.headers['set-cookie']);
      accounts[username] = { cookie, user: await em().findOneOrFail(User, { username }), gql: (query, variables = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }) };
    }
    const e = em();
    // Alice is in Tokyo: 23:00 UTC on 31 March is already 1 April for her.
    e.create(UserTimePreferences, { user: e.getReference(User, accounts.alice.user.id), timezone: 'Asia/Tokyo' });
    await e.flush();
    await record('alice', { createdAt: new Date('2026-03-31T23:00:00Z'), title: 'Cherry rain', genre: 'lo-fi', stages: { render: 40, encode: 10 }, bytes: GB / 2, audio: 120, retries: 1 });
    await record('alice', { createdAt: new Date('2026-04-10T12:00:00Z'), title: 'Neon drive', genre: 'synthwave', stages: { render: 100, master: 20 }, bytes: GB, audio: 180 });
    await record('alice', { createdAt: new Date('2026-03-10T12:00:00Z'), title: 'Old one', genre: 'jazz', stages: { render: 5 }, bytes: 0, audio: 30 });
    await record('bob', { createdAt: new Date('2026-04-02T12:00:00Z'), title: 'Bob’s beat', genre: 'house', stages: { render: 10 }, bytes: 0, audio: 60 });
  });
  afterAll(async () => {
    await t.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  async function record(who: string, row: { createdAt: Date; title: string; genre: string; stages: Record<string, number>; bytes: number; audio: number; retries?: number }) {
    const owner = await em().findOneOrFail(User, accounts[who].user.id);
    const song = await insertSong(em(), { title: row.title, user: owner });
    const e = em();
    e.create(GenerationUsage, {
      requestId: ++requestIds,
      user: e.getReference(User, owner.id),
      createdAt: row.createdAt,
      completedAt: row.createdAt,
      songId: song.id,
      title: row.title,
      genre: row.genre,
      stageCpuSeconds: row.stages,
      cpuSeconds: Object.values(row.stages).reduce((a, b) => a + b, 0),
      audioSeconds: row.audio,
      storageBytes: row.bytes,
      retries: row.retries ?? 0,
      wallSeconds: 10,
      queueWaitSeconds: 1,
    });
    await e.flush();
  }

  it('breaks a month down by day, stage and genre in the user’s timezone, with costs from the model', async () => {
    const usage = (await accounts.alice.gql(BREAKDOWN, { month: '2026-04' })).body.data.usageBreakdown;
    expect(usage).toMatchObject({ month: '2026-04', timezone: 'Asia/Tokyo', allUsers: false, costModel: { cpuSecondPrice: 0.001, gbMonthPrice: 0.5, source: 'environment' }, users: [] });
    expect(usage.months).toEqual(['2026-04', '2026-03']);
    // 170 CPU-seconds at $0.001 plus 1.5 GB at $0.5.
    expect(usage.totals).toMatchObject({ generations: 2, audioSeconds: 300, cpuSeconds: 170, storageBytes: 1.5 * GB, retries: 1 });
    expect(usage.totals.cost).toBeCloseTo(0.17 + 0.75, 9);
    expect(usage.days).toHaveLength(30);
    expect(usage.days[0]).toMatchObject({ date: '2026-04-01', generations: 1 });
    expect(usage.days[0].cost).toBeCloseTo(0.05 + 0.25, 9);
    expect(usage.days.find((d: { date: string }) => d.date === '2026-04-10').generations).toBe(1);
    expect(usage.stages.map((s: { stage: string }) => s.stage)).toEqual(['render', 'master', 'encode']);
    expect(usage.stages[0].cost).toBeCloseTo(0.14, 9);
    expect(usage.genres.map((g: { genre: string }) => g.genre)).toEqual(['synthwave', 'lo-fi']);
    expect(usage.topSongs.map((s: { title: string }) => s.title)).toEqual(['Neon drive', 'Cherry rain']);
    expect(usage.storage.bytes).toBe(1.5 * GB);
    expect(usage.storage.monthlyCost).toBeCloseTo(0.75, 9);
    // Her March holds only the March song (the 31 March 23:00 UTC one is April in Tokyo).
    expect((await accounts.alice.gql(BREAKDOWN, { month: '2026-03' })).body.data.usageBreakdown.totals.generations).toBe(1);
  });

  it('shows admins every user with totals, refuses that view to others, and lets only admins set prices', async () => {
    const denied = await accounts.bob.gql(BREAKDOWN, { month: '2026-04', allUsers: true });
    expect(denied.body.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    // The admin's months are UTC ones: Alice's 31 March 23:00 UTC song is March here.
    const all = (await accounts.boss.gql(BREAKDOWN, { month: '2026-04', allUsers: true })).body.data.usageBreakdown;
    expect(all).toMatchObject({ timezone: 'UTC', allUsers: true });
    expect(all.users.map((u: { username: string; generations: number }) => [u.username, u.generations])).toEqual([['alice', 1], ['bob', 1]]);
    expect(all.totals.generations).toBe(2);
    expect((await accounts.boss.gql(BREAKDOWN, { month: 'April' })).body.errors[0]).toMatchObject({ message: 'Month must look like 2026-01', extensions: { code: 'BAD_USER_INPUT' } });

    const SET = 'mutation ($input: CostModelInput!) { setCostModel(input: $input) { cpuSecondPrice gbMonthPrice source } }';
    expect((await accounts.bob.gql(SET, { input: { cpuSecondPrice: 1, gbMonthPrice: null } })).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await accounts.boss.gql(SET, { input: { cpuSecondPrice: -1, gbMonthPrice: null } })).body.errors[0]).toMatchObject({ message: 'Prices must be between 0 and 1000', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await accounts.boss.gql(SET, { input: { cpuSecondPrice: 0.01, gbMonthPrice: null } })).body.data.setCostModel).toEqual({ cpuSecondPrice: 0.01, gbMonthPrice: 0.5, source: 'admin' });
    const repriced = (await accounts.bob.gql(BREAKDOWN, { month: '2026-04' })).body.data.usageBreakdown;
    expect(repriced.totals.cost).toBeCloseTo(0.1, 9);
    expect((await accounts.boss.gql(SET, { input: { cpuSecondPrice: null, gbMonthPrice: null } })).body.data.setCostModel.source).toBe('environment');
  });

  it('exports the month as CSV, one line per generation, and every user’s only for admins', async () => {
    const res = await supertest(t.baseUrl).get('/api/usage/export?month=2026-04').set('cookie', accounts.alice.cookie);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename=usage-2026-04.csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('request_id,created_at,user,title,genre,audio_seconds,cpu_seconds,cpu_seconds_encode,cpu_seconds_master,cpu_seconds_render,wall_seconds,queue_wait_seconds,storage_bytes,retries,cost_usd');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^1,2026-03-31T23:00:00.000Z,alice,Cherry rain,lo-fi,120.00,50.000,10.000,0.000,40.000,10.00,1.00,536870912,1,0.300000$/);
    expect((await supertest(t.baseUrl).get('/api/usage/export?allUsers=true').set('cookie', accounts.alice.cookie)).status).toBe(403);
    const all = await supertest(t.baseUrl).get('/api/usage/export?month=2026-04&allUsers=true').set('cookie', accounts.boss.cookie);
    expect(all.text.trim().split('\r\n')).toHaveLength(3);
    expect((await supertest(t.baseUrl).get('/api/usage/export?month=13').set('cookie', accounts.alice.cookie)).body).toEqual({ error: 'Month must look like 2026-01' });
  });
});
