/**
 * Fault suite: the real server as a child process, killed with SIGKILL during a write burst and a
 * generation, stopped with SIGTERM while idle and while generating, and started twice on one
 * DATA_DIR. Asserts that nothing acknowledged is lost, interrupted jobs resume to completion,
 * a second process on the same embedded data is refused, and SIGTERM exits 0 within 10 s.
 * Prints its figures (writes acknowledged/survived, jobs resumed, shutdown times).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { WorkStore } from '../generation/work-store.js';
import { Song } from '../songs/song.entity.js';
import { postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { removeQueue } from '../test-support/test-app.js';
import { startServerProcess, type ServerProcess } from '../test-support/server-process.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import type { MikroORM } from '@mikro-orm/postgresql';

const SONGS = 60;
const LIKE_WORKERS = 4;
/** The burst is cut by SIGKILL once this many writes were acknowledged (and the render is stored). */
const ACKED_BEFORE_KILL = 60;
const SIGTERM_LIMIT_MS = 10_000;

type Target = 'embedded' | 'postgres+redis';
const TARGETS: Target[] = postgresAvailable && redisAvailable ? ['embedded', 'postgres+redis'] : ['embedded'];

async function seedSongs(orm: MikroORM): Promise<string[]> {
  const em = orm.em.fork();
  const ids = Array.from({ length: SONGS }, () => randomUUID());
  ids.forEach((id, index) => {
    em.create(Song, { id, title: `Fault ${index}`, artist: 'Fault Suite', genre: 'lo-fi', mood: 'chill', duration: 60, audioUrl: `/media/songs/${id}.mp3`, settings: {} });
  });
  await em.flush();
  return ids;
}

/** One signed-in user talking to whichever server process is current. */
class Client {
  baseUrl = '';
  cookie = '';

  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    return (await (await this.call(method, url, body)).json()) as T;
  }

  async register(username: string): Promise<void> {
    const response = await this.call('POST', '/api/register', { username, password: 'fault-suite-password' });
    this.cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  async generate(seed: number): Promise<string> {
    const created = await this.json<{ id: string }>('POST', '/api/generations', { prompt: 'steady house groove', genres: ['house'], durationSeconds: 30, generateAlbumArt: false, generateLyrics: false, seed });
    return created.id;
  }

  generation(id: string) {
    return this.json<{ status: string; progress: { percentage: number } }>('GET', `/api/generations/${id}`);
  }
}

/** What the burst's writers were told was stored, and what they had in flight when the server died. */
interface BurstLedger {
  acknowledged: number;
  /** Per song: the like state the last acknowledged write left, and one still in flight. */
  liked: Map<string, { acked: boolean | null; inFlight: boolean | null }>;
  enqueued: string[];
  enqueueInFlight: string | null;
}

/** Writers that keep toggling likes (one writer per song, so each song's writes are ordered) and appending to the queue until the server dies. */
function startBurst(client: Client, songIds: string[], ledger: BurstLedger): Promise<void> {
  const likeWriter = async (mine: string[]) => {
    for (let round = 0; ; round++) {
      for (const song of mine) {
        const entry = ledger.liked.get(song) ?? { acked: null, inFlight: null };
        ledger.liked.set(song, entry);
        const like = round % 2 === 0;
        entry.inFlight = like;
        try {
          await client.call(like ? 'POST' : 'DELETE', `/api/songs/${song}/${like ? 'like' : 'unlike'}`, like ? {} : undefined);
        } catch {
          return;
        }
        entry.acked = like;
        entry.inFlight = null;
        ledger.acknowledged += 1;
      }
    }
  };
  const queueWriter = async () => {
    for (const song of songIds) {
      ledger.enqueueInFlight = song;
      try {
        await client.call('POST', '/graphql', { query: 'mutation($id: ID!) { enqueue(songId: $id) { version } }', variables: { id: song } });
      } catch {
        return;
      }
      ledger.enqueued.push(song);
      ledger.enqueueInFlight = null;
      ledger.acknowledged += 1;
    }
  };
  const shares = Array.from({ length: LIKE_WORKERS }, (_, w) => songIds.filter((_, i) => i % LIKE_WORKERS === w));
  return Promise.all([...shares.map(likeWriter), queueWriter()]).then(() => undefined);
}

/**
 * Checks that every acknowledged write is there after the restart (a write in flight at the kill
 * may or may not be) and returns how many acknowledged states were checked: each song's last
 * acknowledged like state, and each acknowledged queue entry.
 */
async function checkAcknowledged(client: Client, ledger: BurstLedger): Promise<number> {
  let checked = 0;
  for (const [song, { acked, inFlight }] of ledger.liked) {
    const liked = await client.json<boolean>('GET', `/api/songs/${song}/is-liked`);
    expect([acked ?? false, inFlight ?? acked ?? false], `like state of song ${song}`).toContain(liked);
    if (acked !== null) checked += 1;
  }
  const queue = await client.json<{ currentSong: { id: string } | null; upcomingQueue: Array<{ id: string }> }>('GET', '/api/songs/queue');
  const stored = [...(queue.currentSong ? [queue.currentSong.id] : []), ...queue.upcomingQueue.map((s) => s.id)];
  const expected = ledger.enqueueInFlight && stored.length > ledger.enqueued.length ? [...ledger.enqueued, ledger.enqueueInFlight] : ledger.enqueued;
  expect(stored, 'queue after restart').toEqual(expected);
  return checked + ledger.enqueued.length;
}

describe.each(TARGETS)('fault suite on %s', (target) => {
  it('loses no acknowledged write to SIGKILL, resumes interrupted jobs, refuses a second writer and stops cleanly on SIGTERM', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-faults-'));
    const queueName = `generation-faults-${randomUUID()}`;
    let pg: TestDatabase | null = null;
    const servers: ServerProcess[] = [];
    const figures: Record<string, number | string> = {};
    const began = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - began) / 1000).toFixed(1)} s`);
    try {
      let songIds: string[];
      if (target === 'embedded') {
        const db = await openDatabase({ databaseUrl: null, dataDir });
        songIds = await seedSongs(db.orm);
        await db.close();
      } else {
        pg = await createTestDatabase('postgres');
        songIds = await seedSongs(pg.orm);
      }
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SESSION_SECRET: 'fault-suite-session-secret-0123456789',
        SEED: 'false',
        DEMO_CATALOGUE: 'false',
        WORKER_CONCURRENCY: '1',
        // Sign-ups from 127.0.0.1 are counted in Redis across processes and runs; the suite is not testing that limit.
        SIGNUPS_PER_HOUR: '10000',
        ...(pg ? { DATABASE_URL: pg.url!, REDIS_URL: TEST_REDIS_URL, GENERATION_QUEUE: queueName, JOB_LOCK_MS: '2000' } : {}),
      };
      const client = new Client();
      const start = async () => {
        const server = startServerProcess(env);
        servers.push(server);
        client.baseUrl = await server.ready();
        return server;
      };

      phase('seeded');
      let server = await start();
      phase('started');
      if (target === 'embedded') {
        // A second process on the same DATA_DIR stops before opening the database, naming the holder.
        const second = startServerProcess(env);
        servers.push(second);
        const refused = await second.exited;
        expect(refused.code).toBe(1);
        expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another Songforge process (pid ${server.pid})`);
        figures['second process refused'] = 'yes';
        phase('second refused');
      }
      await client.register('faultsuite');

      // SIGKILL during a write burst and a generation whose render is stored: mastering has begun (45 %)
      // and the render's checkpoint, written behind the steps, is on disk.
      const ledger: BurstLedger = { acknowledged: 0, liked: new Map(), enqueued: [], enqueueInFlight: null };
      const first = await client.generate(11);
      const burst = startBurst(client, songIds, ledger);
      const renderCheckpoint = new WorkStore(dataDir, Number(first)).file('rendered.f32');
      await expect
        .poll(async () => ledger.acknowledged >= ACKED_BEFORE_KILL && (await client.generation(first)).progress.percentage >= 45 && existsSync(renderCheckpoint), { timeout: 60_000, interval: 50 })
        .toBe(true);
      expect((await client.generation(first)).status).not.toBe('completed');
      phase('render stored');
      await server.signal('SIGKILL');
      await burst;
      figures['writes acknowledged before SIGKILL'] = `${ledger.acknowledged} (${ledger.acknowledged - ledger.enqueued.length} likes/unlikes, ${ledger.enqueued.length} enqueues)`;

      server = await start();
      phase('restarted');
      const checked = await checkAcknowledged(client, ledger);
      figures['acknowledged states (last like per song, queue entries) found after restart'] = `${checked} of ${checked}`;
      await expect.poll(async () => (await client.generation(first)).status, { timeout: 60_000, interval: 250 }).toBe('completed');
      expect(server.output()).toMatch(new RegExp(`Generation ${first}: resuming after [a-z, ]*render`));
      let resumed = 1;
      phase('first job completed');

      // SIGTERM while a generation runs: exit 0 within the limit; the next start finishes the job.
      const second = await client.generate(12);
      await expect.poll(async () => (await client.generation(second)).status, { timeout: 30_000, interval: 50 }).toBe('generating');
      const busyStop = await server.signal('SIGTERM');
      expect(busyStop).toMatchObject({ code: 0, signal: null });
      expect(busyStop.ms).toBeLessThan(SIGTERM_LIMIT_MS);
      figures['SIGTERM mid-generation exit ms'] = busyStop.ms;

      phase('stopped mid-generation');
      server = await start();
      phase('restarted');
      await expect.poll(async () => (await client.generation(second)).status, { timeout: 60_000, interval: 250 }).toBe('completed');
      resumed += 1;
      figures['jobs interrupted and resumed to completion'] = resumed;
      expect(await checkAcknowledged(client, ledger)).toBe(checked);

      // SIGTERM while idle but for a live subscription (and the client's keep-alive HTTP connections).
      const socket = wsClient(client.baseUrl, client.cookie);
      const connected = new Promise<void>((resolve) => socket.on('connected', () => resolve()));
      const closeCode = new Promise<number>((resolve) => socket.on('closed', (event) => resolve((event as { code: number }).code)));
      const live = collect(socket, 'subscription { queueChanged { version } }');
      await connected;
      const idleStop = await server.signal('SIGTERM');
      expect(await closeCode).toBe(1001);
      live.dispose();
      expect(idleStop).toMatchObject({ code: 0, signal: null });
      expect(idleStop.ms).toBeLessThan(SIGTERM_LIMIT_MS);
      figures['SIGTERM idle exit ms'] = idleStop.ms;
      phase('stopped idle');
      console.log(`Fault suite (${target}): ${Object.entries(figures).map(([k, v]) => `${k}: ${v}`).join('; ')}. Timeline: ${phases.join(', ')}`);
    } catch (error) {
      for (const server of servers) console.error(`--- server ${server.pid} output ---\n${server.output()}`);
      throw error;
    } finally {
      for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.signal('SIGKILL');
      if (pg) {
        await removeQueue(TEST_REDIS_URL, queueName);
        await pg.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
