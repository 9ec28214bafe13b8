import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import { loadConfig, type AppConfig } from '../config/config.js';
import type { MusicProvider } from '../music/types.js';
import { createApp, type RunningApp } from '../app/server.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { cookiePair } from './ws-client.js';
import { User } from '../users/user.entity.js';

export interface TestApp {
  app: RunningApp;
  config: AppConfig;
  database: TestDatabase;
  baseUrl: string;
  /** A cookie-keeping client, like one browser. */
  agent(): ReturnType<typeof supertest.agent>;
  close(): Promise<void>;
}

/**
 * A running app on an ephemeral port with its own database and data folder.
 * Pass `database` to start a second instance on the same database (scale-out tests).
 */
export async function startTestApp(options: {
  target: 'embedded' | 'postgres';
  redisUrl?: string | null;
  database?: TestDatabase;
  config?: Partial<AppConfig>;
  /** Another music provider than the engine (e.g. one that holds a step back). */
  musicProvider?: MusicProvider;
}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-test-'));
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(options.target));
  // On Redis, each test database has a job queue of its own (apps sharing the database share it),
  // removed again with the database, so tests neither meet each other's jobs nor leave keys behind.
  const queueName = `generation-test-${database.url ? new URL(database.url).pathname.slice(1) : randomUUID()}`;
  const config = loadConfig(
    { PORT: '0' },
    {
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      redisUrl: options.redisUrl ?? null,
      databaseUrl: database.url,
      sessionSecret: 'test-session-secret-0123456789',
      webDistDir: path.join(dataDir, 'no-web-build'),
      logLevel: 'silent',
      workerConcurrency: 0,
      // Its throwaway song would only take CPU from the suites; generation-warm-up.test.ts checks it.
      generationWarmUp: false,
      seed: false,
      generationQueueName: queueName,
      // Suites register many accounts from 127.0.0.1; the sign-up limit has tests of its own.
      signUpsPerHour: 10_000,
      ...options.config,
    },
  );
  const app = await createApp(config, { database: { ...database, close: async () => {} }, musicProvider: options.musicProvider });
  const port = await app.listen(0);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    database,
    baseUrl,
    agent: () => supertest.agent(baseUrl),
    async close() {
      await app.close();
      if (ownsDatabase && config.redisUrl) await removeQueue(config.redisUrl, config.generationQueueName);
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Deletes every Redis key of a BullMQ queue (jobs, events, counters). */
export async function removeQueue(redisUrl: string, name: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  try {
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** Registers an account (password `password1`) and returns its session cookie pair. */
export async function signUp(t: Pick<TestApp, 'baseUrl'>, username: string): Promise<string> {
  const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
  if (res.status !== 201) throw new Error(`Sign-up of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return cookiePair(res.headers['set-cookie']);
}

let members = 0;

/** A newly registered account (password 'password1', a unique name from `prefix`): its row, name and first session's cookie. */
export async function signUpMember(t: TestApp, prefix: string, userAgent?: string): Promise<{ user: User; username: string; cookie: string }> {
  members += 1;
  const username = `${prefix}${members}x${Date.now() % 10_000}`;
  const req = supertest(t.baseUrl).post('/api/register');
  if (userAgent) req.set('user-agent', userAgent);
  const res = await req.send({ username, password: 'password1' });
  if (res.status !== 201) throw new Error(`Sign-up of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
  const user = await t.app.database.orm.em.fork().findOneOrFail(User, { username });
  return { user, username, cookie: cookiePair(res.headers['set-cookie']) };
}

/** The songs on the viewer's first library page (GraphQL `songs`, answered from memory while nothing they list changed). */
export async function libraryPage(t: Pick<TestApp, 'baseUrl'>, cookie: string, mine = false): Promise<Array<{ id: string; title: string }>> {
  const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'query ($mine: Boolean) { songs(first: 100, mine: $mine) { songs { id title } } }', variables: { mine } });
  return res.body.data.songs.songs;
}
