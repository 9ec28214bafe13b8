/**
 * `npm run bench:api`: the hot reads through the real server (a process of its own, run from the
 * build as `npm start` runs it; the baselines too) on the embedded database and, when they answer, on PostgreSQL +
 * Redis, against two bare baselines measured in the same run (docs/decisions.md, issue 20).
 * Seeds 1,000 users with sessions, 10,000 songs (with a realistic analysis JSON each), a queue of
 * 50 upcoming songs and 100 played ones per user, and 200 likes per user. Each request runs with
 * autocannon at each concurrency, the baselines interleaved before every group, for several rounds;
 * it prints medians of req/s, p50, p99 and the share of the bare Apollo server's req/s. A signed-in
 * request first reads each user once before its timed run (hot reads; that pass is printed apart).
 *
 * BENCH_SECONDS per run (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS ("10,50"), BENCH_TARGETS
 * ("embedded,postgres"; postgres is skipped when 127.0.0.1:5432 or Redis does not answer),
 * BENCH_REQUESTS (all; else a comma-separated list of words, and only the requests whose name
 * contains one of them run, e.g. "queue" while working on the queue), BENCH_PARTS ("http,ws": the
 * HTTP requests above and the graphql-ws subscribers of subscriptions-bench.ts, on the first target;
 * BENCH_WS_SUBSCRIBERS, BENCH_WS_USERS, BENCH_WS_EVENTS there).
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { print } from 'graphql';
import { openDatabase } from '../../db/database.js';
import { startServerProcess, type ServerProcess } from '../../test-support/server-process.js';
import { webDocuments } from '../../test-support/web-documents.js';
import { postgresAvailable, redisAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '../../test-support/services-available.js';
import { benchSubscriptions, printSubscriptionTable, queueChangedDocument, type SubscriptionResult } from './subscriptions-bench.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const TARGETS = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',');
const REQUEST_WORDS = process.env.BENCH_REQUESTS?.split(',') ?? null;
const PARTS = (process.env.BENCH_PARTS ?? 'http,ws').split(',');
/** The graphql-ws part reads the servers' heap over the inspector (on loopback, port chosen by the OS). */
const INSPECT: Record<string, string> = PARTS.includes('ws') ? { NODE_OPTIONS: '--inspect=127.0.0.1:0' } : {};
const USERS = 1000;
const SONGS = 10_000;
const QUEUE_LENGTH = 50;
const HISTORY_LENGTH = 100;
const LIKES_PER_USER = 200;
const SESSION_SECRET = 'bench-api-session-secret-0123456789';
const GENRES = ['lo-fi', 'house', 'jazz', 'rock', 'ambient', 'synthwave', 'funk', 'pop'];
const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

interface BenchRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn: boolean;
}

const graphql = (query: string) => JSON.stringify({ query });

async function webDocument(name: string): Promise<string> {
  const found = (await webDocuments()).find((d) => d.name === name);
  if (!found) throw new Error(`The web app has no ${name}`);
  return print(found.document);
}

const SONG_ROW = 'id title artist duration coverUrl thumbnailUrl audioUrl genre isLiked likeCount playCount createdAt';
const APP_REQUESTS: BenchRequest[] = [
  { name: 'GraphQL queue', method: 'POST', path: '/graphql', signedIn: true, body: graphql(`{ queue { version radioGenre currentSong { ${SONG_ROW} } upcomingQueue { ${SONG_ROW} } playHistory { ${SONG_ROW} } } }`) },
  { name: 'REST /api/songs/queue', method: 'GET', path: '/api/songs/queue', signedIn: true },
  { name: 'REST /api/user', method: 'GET', path: '/api/user', signedIn: true },
  { name: 'GraphQL { me { id } }', method: 'POST', path: '/graphql', signedIn: true, body: graphql('{ me { id } }') },
  { name: 'GraphQL songs page of 50', method: 'POST', path: '/graphql', signedIn: true, body: graphql(`{ songs(first: 50) { songs { ${SONG_ROW} } endCursor hasNextPage } }`) },
  // The player's queue read exactly as the web app sends it (codegen's document, with Apollo's __typename).
  { name: 'GraphQL web PlayerQueue', method: 'POST', path: '/graphql', signedIn: true, body: graphql(await webDocument('PlayerQueueDocument')) },
];
const BARE_NODE: BenchRequest = { name: 'bare node:http JSON', method: 'GET', path: '/', signedIn: false };
const BARE_APOLLO: BenchRequest = { name: 'bare Apollo { hello }', method: 'POST', path: '/', signedIn: false, body: graphql('{ hello }') };

interface Measurement {
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
  /** Signed-in requests: the pass that read each user once just before, while their caches were cold. */
  firstReads?: { reqPerSec: number; p99: number };
}

/**
 * One autocannon run of `seconds`, or of `amount` requests; signed-in requests rotate through every
 * seeded user's session.
 */
async function run(baseUrl: string, request: BenchRequest, connections: number, cookies: string[], length: { seconds: number } | { amount: number }) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl + request.path,
    connections,
    ...('amount' in length ? { amount: length.amount } : { duration: length.seconds }),
    method: request.method,
    headers: request.body ? { 'content-type': 'application/json' } : {},
    body: request.body,
    requests: [
      {
        setupRequest: (req) => {
          if (!request.signedIn) return req;
          next = (next + 1) % cookies.length;
          return { ...req, headers: { ...req.headers, cookie: cookies[next] } };
        },
      },
    ],
  });
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.timeouts + result.non2xx, seconds: result.duration };
}

/**
 * Hot reads, as the issue measures them: a signed-in request first reads every user once (their
 * session, queue and library caches fill; timed and printed apart as the cold figure), then runs for
 * `seconds`. Without that pass the run's first seconds were mostly first reads of users the 1 s
 * warm-up had not reached, and the caches' lifetimes (10-60 s) ran out between rows.
 */
async function measure(baseUrl: string, request: BenchRequest, connections: number, cookies: string[], seconds = SECONDS): Promise<Measurement> {
  const pass = request.signedIn ? await run(baseUrl, request, connections, cookies, { amount: cookies.length }) : null;
  const { reqPerSec, p50, p99, failed } = await run(baseUrl, request, connections, cookies, { seconds });
  return { reqPerSec, p50, p99, failed: failed + (pass?.failed ?? 0), firstReads: pass ? { reqPerSec: cookies.length / pass.seconds, p99: pass.p99 } : undefined };
}

/**
 * Waits until the server answers a cheap request quickly again: requests still queued when autocannon
 * stops would otherwise be served during the next measurement.
 */
async function settle(baseUrl: string, cheapPath: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const startedAt = performance.now();
    await fetch(baseUrl + cheapPath).catch(() => null);
    if (performance.now() - startedAt < 100) return;
  }
}

/** Checks a request answers 200 without GraphQL errors before it is measured (a fast error is no result). */
async function checkAnswers(baseUrl: string, request: BenchRequest, cookie: string): Promise<void> {
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), cookie },
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok || text.includes('"errors"')) throw new Error(`${request.name} answered ${res.status}: ${text.slice(0, 500)}`);
}

interface Baseline {
  url: string;
  output: () => string;
  stop: () => void;
}

function startBaseline(kind: 'node' | 'apollo' | 'ws'): Promise<Baseline> {
  const env = { ...process.env, ...(kind === 'ws' ? INSPECT : {}) };
  const child = spawn(process.execPath, ['dist/app/bench/baseline-servers.js', kind], { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`baseline ${kind} exited with ${code}:\n${output}`)));
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, output: () => output, stop: () => child.kill('SIGTERM') });
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  });
}

function analysisJson(): string {
  const wave = Array.from({ length: 800 }, (_, i) => Number((0.5 + 0.45 * Math.sin(i / 7)).toFixed(4)));
  const energy = Array.from({ length: 180 }, (_, i) => Number((0.5 + 0.4 * Math.cos(i / 11)).toFixed(4)));
  return JSON.stringify({
    durationSeconds: 180, bpm: 120, beatOffsetSeconds: 0.12, key: 'C major', integratedLufs: -14.2, introEndSeconds: 8,
    outroStartSeconds: 170, silenceRanges: [{ start: 179.5, end: 180 }], waveformPeaks: wave, energyCurve: energy,
  });
}

/** A PostgreSQL array literal: knex would spread a JS array binding into a list. */
const pgArray = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`;

/** Seeds through the app's own migrations; returns one session cookie per user. */
async function seed(params: { databaseUrl: string | null; dataDir: string }): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: params.databaseUrl, dataDir: params.dataDir });
  try {
    const conn = database.orm.em.getConnection();
    const users = (await conn.execute(
      `insert into users (username, can_generate_music) select 'bench-' || g, true from generate_series(1, ${USERS}) g returning id`,
    )) as Array<{ id: number }>;
    const userIds = users.map((u) => u.id);
    // Every tenth song is private to its owner; queues, history and likes use public ones.
    await conn.execute(
      `insert into songs (id, title, artist, duration, cover_url, thumbnail_url, audio_url, genre, mood, lyrics, user_id, is_public, bpm, musical_key, analysis, created_at, play_count, like_count, status)
       select 'song-' || g, 'Song ' || g, 'Artist ' || (g % 97), 180, '/media/covers/' || g || '.png', '/media/covers/' || g || '-thumb.png', '/media/audio/' || g || '.mp3',
              (?::text[])[1 + g % ${GENRES.length}], 'chill', 'la la la', ${userIds[0]} + (g - 1) % ${USERS}, g % 10 <> 0, 120, 'C major', ?::jsonb,
              now() - g * interval '1 minute', g % 50, g % 30, 'completed'
       from generate_series(1, ${SONGS}) g`,
      [pgArray(GENRES), analysisJson()],
    );
    const publicSong = (n: string) => `'song-' || ((${n}) % ${SONGS / 10}) * 10 + 1 + (${n}) % 9`;
    await conn.execute(
      `insert into play_queues (user_id, current_song_id, version) select u, ${publicSong('u * 31')}, 1 from unnest(?::int[]) u`,
      [pgArray(userIds)],
    );
    await conn.execute(
      `insert into play_queue_entries (user_id, song_id, position) select u, ${publicSong('u * 53 + k * 7')}, k from unnest(?::int[]) u, generate_series(0, ${QUEUE_LENGTH - 1}) k`,
      [pgArray(userIds)],
    );
    await conn.execute(
      `insert into play_history (user_id, music_id, played_at) select u, ${publicSong('u * 29 + k * 11')}, now() - k * interval '3 minutes' from unnest(?::int[]) u, generate_series(1, ${HISTORY_LENGTH}) k`,
      [pgArray(userIds)],
    );
    await conn.execute(
      `insert into liked_songs (user_id, music_id) select u, ${publicSong('u * 17 + k * 49')} from unnest(?::int[]) u, generate_series(0, ${LIKES_PER_USER - 1}) k on conflict do nothing`,
      [pgArray(userIds)],
    );
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    const digests = tokens.map((token) => createHmac('sha256', SESSION_SECRET).update(token).digest('hex'));
    await conn.execute(`insert into sessions (id, user_id, expires_at) select id, user_id, now() + interval '30 days' from unnest(?::text[], ?::int[]) as s(id, user_id)`, [pgArray(digests), pgArray(userIds)]);
    await conn.execute('analyze');
    return tokens.map((token) => `songforge.sid=${token}`);
  } finally {
    await database.close();
  }
}

interface Target {
  name: string;
  server: ServerProcess;
  baseUrl: string;
  cookies: string[];
  cleanUp: () => Promise<void>;
}

async function startTarget(name: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-bench-api-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (name === 'postgres') {
    const dbName = `bench_api_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    };
  }
  const seedStart = performance.now();
  const cookies = await seed({ databaseUrl, dataDir });
  console.log(`${name}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const server = startServerProcess({
    DATA_DIR: dataDir,
    SESSION_SECRET,
    SEED: 'false',
    DEMO_CATALOGUE: 'false',
    WORKER_CONCURRENCY: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...INSPECT,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, REDIS_URL: TEST_REDIS_URL, GENERATION_QUEUE: `bench-api-${process.pid}` } : {}),
  }, { build: true });
  const baseUrl = await server.ready(120_000);
  return {
    name,
    server,
    baseUrl,
    cookies,
    async cleanUp() {
      await server.signal('SIGTERM');
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const targets: Target[] = [];
const baselines = await Promise.all([startBaseline('node'), startBaseline('apollo')]);
try {
  await startTargets();
  if (PARTS.includes('http')) await benchHttp();
  if (PARTS.includes('ws')) await benchWebSockets(targets[0]!);
} finally {
  for (const target of targets) await target.cleanUp();
  for (const baseline of baselines) baseline.stop();
}

async function startTargets() {
  for (const name of TARGETS) {
    if (name === 'postgres' && !(postgresAvailable && redisAvailable)) {
      console.log('postgres: skipped (PostgreSQL or Redis does not answer at 127.0.0.1)');
      continue;
    }
    targets.push(await startTarget(name));
  }
}

async function benchHttp() {
  const rows: Array<{ label: string; request: BenchRequest; baseUrl: string; cookies: string[] }> = [
    { label: BARE_NODE.name, request: BARE_NODE, baseUrl: baselines[0].url, cookies: [] },
    { label: BARE_APOLLO.name, request: BARE_APOLLO, baseUrl: baselines[1].url, cookies: [] },
    ...targets.flatMap((target) => APP_REQUESTS.filter((request) => !REQUEST_WORDS || REQUEST_WORDS.some((word) => request.name.includes(word))).map((request) => ({ label: `${request.name} (${target.name})`, request, baseUrl: target.baseUrl, cookies: target.cookies }))),
  ];
  for (const row of rows) await checkAnswers(row.baseUrl, row.request, row.cookies[0] ?? '');
  // A second of each first, not counted: the first request measured ran at half speed (cold JIT and caches).
  for (const row of rows) {
    await run(row.baseUrl, row.request, CONNECTIONS[0], row.cookies, { seconds: 1 });
    await settle(row.baseUrl, row.request.signedIn ? '/api/health' : '/');
  }
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${SECONDS} s per run, ${ROUNDS} rounds, connections ${CONNECTIONS.join(', ')}`);

  // results[connections][label] = one measurement per round
  const results = new Map<number, Map<string, Measurement[]>>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const connections of CONNECTIONS) {
      const byLabel = results.get(connections) ?? new Map<string, Measurement[]>();
      results.set(connections, byLabel);
      // The baselines run again before each group of app requests, so a share compares like with like.
      for (const row of rows) {
        const m = await measure(row.baseUrl, row.request, connections, row.cookies);
        await settle(row.baseUrl, row.request.signedIn ? '/api/health' : '/');
        byLabel.set(row.label, [...(byLabel.get(row.label) ?? []), m]);
        const cold = m.firstReads ? ` (first read per user: ${m.firstReads.reqPerSec.toFixed(0)} req/s, p99 ${m.firstReads.p99} ms)` : '';
        console.log(`  round ${round} c${connections} ${row.label}: ${m.reqPerSec.toFixed(0)} req/s, p99 ${m.p99} ms${m.failed ? `, ${m.failed} failed` : ''}${cold}`);
      }
    }
  }

  console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('\n| request | c | req/s (median) | p50 ms | p99 ms | share of bare Apollo | failed | first read per user: req/s, p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [connections, byLabel] of results) {
    const apollo = median(byLabel.get(BARE_APOLLO.name)!.map((m) => m.reqPerSec));
    for (const [label, ms] of byLabel) {
      const reqPerSec = median(ms.map((m) => m.reqPerSec));
      const failed = ms.reduce((sum, m) => sum + m.failed, 0);
      const firstReads = ms.flatMap((m) => (m.firstReads ? [m.firstReads] : []));
      const cold = firstReads.length ? `${median(firstReads.map((f) => f.reqPerSec)).toFixed(0)}, ${median(firstReads.map((f) => f.p99))}` : '';
      console.log(
        `| ${label} | ${connections} | ${reqPerSec.toFixed(0)} | ${median(ms.map((m) => m.p50))} | ${median(ms.map((m) => m.p99))} | ${((100 * reqPerSec) / apollo).toFixed(1)} % | ${failed} | ${cold} |`,
      );
    }
  }
}

/** The app's queueChanged against the bare graphql-ws baseline, with the same document and payload. */
async function benchWebSockets(target: Target) {
  const query = await queueChangedDocument();
  const bare = await startBaseline('ws');
  try {
    // The payload the baseline publishes: the first user's queue as the app answers the player's query.
    const queueRead = await fetch(`${target.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: target.cookies[0]! },
      body: graphql(await webDocument('PlayerQueueDocument')),
    });
    const payload = ((await queueRead.json()) as { data: { queue: unknown } }).data.queue;
    const post = async (url: string, body: string, cookie?: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body });
      const text = await res.text();
      if (!res.ok || text.includes('"errors"')) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
    };
    const results: SubscriptionResult[] = [];
    console.log(`\nload average before graphql-ws: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    results.push(
      await benchSubscriptions(
        {
          name: `Songforge (${target.name})`,
          baseUrl: target.baseUrl,
          output: () => target.server.output(),
          socketOptions: (user) => ({ headers: { cookie: target.cookies[user]! } }),
          change: (user) => post(`${target.baseUrl}/graphql`, graphql('mutation { moveInQueue(from: 0, to: 1) { version } }'), target.cookies[user]),
        },
        query,
        payload,
      ),
    );
    console.log(`  ${JSON.stringify(results[0])}`);
    results.push(
      await benchSubscriptions(
        {
          name: 'bare graphql-ws + in-memory pub/sub',
          baseUrl: bare.url,
          output: bare.output,
          socketOptions: (user) => ({ connectionParams: { user } }),
          change: (user, event) => post(`${bare.url}/publish`, JSON.stringify({ user, payload: event })),
        },
        query,
        payload,
      ),
    );
    console.log(`load average after graphql-ws: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    printSubscriptionTable(results);
  } finally {
    bare.stop();
  }
}
