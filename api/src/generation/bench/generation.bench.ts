/**
 * `npm run bench:generation`: N requests (default 20) from 5 users through the API (GraphQL over
 * HTTP, progress over graphql-ws) with 2 generation workers in the API process (embedded queue).
 * First one request alone on the idle app (a song of BENCH_IDLE_DURATION seconds, 180, with lyrics
 * and cover art): from generateSong's return to its completed event, and to the first bytes of its
 * stream (the audio a listener hears while the song is still being encoded). Then the load: throughput,
 * queue wait and end-to-end p50/p95, and subscription event latency (from the server's publish to
 * the client's receipt). For the idle request it also prints where the job's time went and the same
 * song made by the engine alone in the same process (what the app adds is the difference).
 *
 * BENCH_REQUESTS (20), BENCH_USERS (5), BENCH_WORKERS (2), BENCH_DURATION seconds per song (30),
 * BENCH_IDLE_DURATION (180; 0 skips the idle request).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { loadConfig } from '../../config/config.js';
import { createApp } from '../../app/server.js';
import type { Client } from 'graphql-ws';
import { cookiePair, wsClient } from '../../test-support/ws-client.js';
import { User } from '../../users/user.entity.js';
import { GenerationRequest } from '../generation-request.entity.js';
import type { GenerationUpdatedEvent } from '../events.js';
import type { JobOutcome } from '../job-runner.js';
import type { SongRequest } from '../../music/types.js';
import { allUsersTopic, Topics } from '../../pubsub/pubsub.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 5);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const IDLE_DURATION = Number(process.env.BENCH_IDLE_DURATION ?? 180);
const GENRES = ['lo-fi', 'house', 'jazz', 'rock', 'ambient', 'synthwave', 'funk', 'pop'];

interface Update {
  generationUpdated: { requestId: string; status: string; progress: { stage: string; percentage: number } };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-bench-'));
const config = loadConfig(
  { PORT: '0' },
  { dataDir, mediaDir: path.join(dataDir, 'media'), databaseUrl: null, redisUrl: null, sessionSecret: 'bench-session-secret-0123456789', webDistDir: path.join(dataDir, 'none'), logLevel: 'silent', seed: false, demoCatalogue: false, workerConcurrency: WORKERS },
);
const appStartedAt = performance.now();
const app = await createApp(config);
const port = await app.listen(0);
const baseUrl = `http://127.0.0.1:${port}`;

// When each event left the server: key = requestId/status/stage.
const publishedAt = new Map<string, number>();
const announce = app.services.pubsub.announce.bind(app.services.pubsub);
app.services.pubsub.announce = (topic, payload) => {
  // Each event also goes to the admins' topic: one timestamp per event.
  if (topic === allUsersTopic(Topics.generationUpdated)) {
    const { item } = payload as GenerationUpdatedEvent;
    publishedAt.set(`${item.requestId}/${item.status}/${item.progress.stage}`, performance.now());
  }
  announce(topic, payload);
};

// When each job started running in the worker and how it ended (its timings when it completed).
const jobs = new Map<number, { startedAt: number; outcome: Promise<JobOutcome> }>();
const runner = app.services.generationRunner;
const run = runner.run.bind(runner);
runner.run = (requestId, signal) => {
  const outcome = run(requestId, signal);
  jobs.set(requestId, { startedAt: performance.now(), outcome });
  return outcome;
};
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;

try {
  // The first account is the installation's admin (it would receive everyone's events): skip it.
  await supertest(baseUrl).post('/api/register').send({ username: 'bench-admin', password: 'password1' });
  interface BenchUser {
    cookie: string;
    client: Client;
    stop: () => void;
    /** Every generationUpdated event with the time it arrived. */
    receivedAt: Array<{ key: string; at: number }>;
  }
  const users: BenchUser[] = [];
  for (let u = 0; u < USERS; u++) {
    const res = await supertest(baseUrl).post('/api/register').send({ username: `bench-${u}`, password: 'password1' });
    const cookie = cookiePair(res.headers['set-cookie']);
    await app.database.orm.em.fork().nativeUpdate(User, { username: `bench-${u}` }, { monthlyGenerationLimit: REQUESTS + 1, userTier: 'pro' });
    const client = wsClient(baseUrl, cookie);
    const receivedAt: BenchUser['receivedAt'] = [];
    const stop = client.subscribe<Update>(
      { query: 'subscription { generationUpdated { requestId status progress { stage percentage } } }' },
      {
        next: ({ data }) => {
          const at = performance.now();
          if (data) receivedAt.push({ key: `${data.generationUpdated.requestId}/${data.generationUpdated.status}/${data.generationUpdated.progress.stage}`, at });
        },
        error: (error) => console.error('Subscription failed:', error),
        complete: () => undefined,
      },
    );
    users.push({ cookie, client, stop, receivedAt });
  }
  await new Promise((r) => setTimeout(r, 500));

  /** generateSong for `user`; its request id and when the mutation returned. */
  const generateSong = async (user: BenchUser, input: Record<string, unknown>) => {
    const res = await supertest(baseUrl)
      .post('/graphql')
      .set('cookie', user.cookie)
      .send({ query: 'mutation ($input: GenerateSongInput!) { generateSong(input: $input) { id } }', variables: { input } });
    if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
    return { id: res.body.data.generateSong.id as string, returnedAt: performance.now() };
  };
  /** Waits for the completed (or failed) event of each request; when each arrived. */
  const waitForEnds = async (owners: Map<string, BenchUser>) => {
    const endedAt = new Map<string, number>();
    while (endedAt.size < owners.size) {
      await new Promise((r) => setTimeout(r, 20));
      for (const [id, user] of owners) {
        const done = user.receivedAt.find((e) => e.key.startsWith(`${id}/completed/`) || e.key.startsWith(`${id}/failed/`));
        if (done && !endedAt.has(id)) endedAt.set(id, done.at);
      }
    }
    return endedAt;
  };

  if (IDLE_DURATION > 0) {
    // Idle means the workers are ready: wait for the warm-up a worker does once it has started (start-generation.ts).
    const waitingFrom = performance.now();
    while (!runner.warming && performance.now() - waitingFrom < 10_000) await new Promise((r) => setTimeout(r, 50));
    if (runner.warming) {
      await runner.warming;
      console.log(`Workers warmed up (engine threads, content analysis libraries) ${seconds(performance.now() - appStartedAt)} after the app was created.`);
    } else console.log('The workers did not warm up within 10 s: the idle request pays for it.');
    const loadBefore = load();
    const idle = await generateSong(users[0], { prompt: 'idle bench song', genres: ['pop'], durationSeconds: IDLE_DURATION, generateLyrics: true, generateAlbumArt: true, seed: 1 });
    // What the player does at once: it opens the song's stream, which answers as the encoder writes.
    const firstAudioAt = new Promise<number | null>((resolve) => {
      get(`${baseUrl}/api/generations/${idle.id}/stream`, { headers: { cookie: users[0].cookie } }, (res) => {
        res.once('data', () => resolve(performance.now()));
        res.on('end', () => resolve(null)).resume();
      }).on('error', () => resolve(null));
    });
    const endedAt = (await waitForEnds(new Map([[idle.id, users[0]]]))).get(idle.id)!;
    const firstAudio = await firstAudioAt;
    const row = await app.database.orm.em.fork().findOneOrFail(GenerationRequest, { id: Number(idle.id) });
    console.log(`One idle request, a ${IDLE_DURATION} s song with lyrics and art (${row.status}), ${loadBefore}:`);
    console.log(`  generateSong return -> completed   ${seconds(endedAt - idle.returnedAt)}   (target <= 3 s)`);
    console.log(`  generateSong return -> first audio  ${firstAudio === null ? 'none (the stream answered no audio)' : seconds(firstAudio - idle.returnedAt)}   (target <= 1.5 s; first bytes of GET /api/generations/:id/stream)`);
    const job = jobs.get(Number(idle.id));
    if (job) {
      // Negative when the worker took the job before the mutation's answer reached the client.
      console.log(`  job picked up                       ${seconds(job.startedAt - idle.returnedAt)} after generateSong returned`);
      // The completed event goes out before the job's last write (its usage figures): wait for its end.
      const outcome = await job.outcome;
      if (outcome.kind === 'completed') {
        console.log('  where the job\'s time went (ms; concurrent parts overlap, marks count from the job\'s start):');
        for (const [part, ms] of Object.entries(outcome.timings.toJSON())) console.log(`    ${part.padEnd(36)}${String(ms).padStart(7)}`);
      }
    }
    // The same song through the engine alone, in this process right after: what the app adds is the difference.
    const engineAlone = await app.services.musicProvider.generate(row.settings as unknown as SongRequest);
    const { firstChunk, total, ...stages } = engineAlone.timings;
    console.log(`  the engine alone, same song: ${seconds(total * 1000)}, first chunk at ${seconds(firstChunk * 1000)} (${Object.entries(stages).map(([stage, s]) => `${stage} ${Math.round(s * 1000)}`).join(' · ')} ms)`);
    const completedPublish = publishedAt.get(`${idle.id}/completed/Saving`);
    if (completedPublish !== undefined) console.log(`  completed event publish -> client  ${(endedAt - completedPublish).toFixed(1)} ms`);
    console.log(`  after it: ${load()}`);
    console.log('');
  }

  console.log(`Generating ${REQUESTS} songs of ${DURATION} s from ${USERS} users with ${WORKERS} workers...`);
  const started = performance.now();
  const submittedAt = new Map<string, number>();
  const owners = new Map<string, BenchUser>();
  await Promise.all(
    Array.from({ length: REQUESTS }, async (_, i) => {
      const user = users[i % USERS];
      const t0 = performance.now();
      const { id } = await generateSong(user, { prompt: `bench song ${i}`, genres: [GENRES[i % GENRES.length]], durationSeconds: DURATION, generateAlbumArt: true, seed: i });
      submittedAt.set(id, t0);
      owners.set(id, user);
    }),
  );

  const completedAt = await waitForEnds(owners);
  const finished = Math.max(...completedAt.values());

  const rows = await app.database.orm.em.fork().find(GenerationRequest, { id: { $in: [...submittedAt.keys()].map(Number) } });
  const failed = rows.filter((r) => r.status !== 'completed').length;
  const queueWaits = rows.map((r) => r.startedAt!.getTime() - r.createdAt.getTime());
  const endToEnd = [...completedAt].map(([id, at]) => at - submittedAt.get(id)!);
  const latencies = users.flatMap((u) => u.receivedAt.flatMap((e) => (publishedAt.has(e.key) ? [e.at - publishedAt.get(e.key)!] : [])));

  console.log('');
  console.log(`songs completed        ${REQUESTS - failed}/${REQUESTS}${failed ? ` (${failed} failed)` : ''}`);
  console.log(`wall time              ${seconds(finished - started)}`);
  console.log(`throughput             ${((REQUESTS / (finished - started)) * 60_000).toFixed(2)} songs/min`);
  console.log(`queue wait             p50 ${seconds(percentile(queueWaits, 50))}   p95 ${seconds(percentile(queueWaits, 95))}`);
  console.log(`end to end             p50 ${seconds(percentile(endToEnd, 50))}   p95 ${seconds(percentile(endToEnd, 95))}`);
  console.log(`subscription latency   p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   (${latencies.length} events)`);
  for (const user of users) {
    user.stop();
    await user.client.dispose();
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
