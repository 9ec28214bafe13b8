import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { startTestApp } from '../test-support/test-app.js';
import { exited, startWorker, stopWorkers, workerEnv } from '../test-support/worker-process.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';
import { GenerationRequest } from './generation-request.entity.js';
import { CHECKPOINTED_STEPS, type IntermediateData } from './job-runner.js';
import { PIPELINE_STEPS } from './stages.js';
import { WorkStore } from './work-store.js';

describe.runIf(redisAvailable && postgresAvailable)('generation workers on Redis (BullMQ) and PostgreSQL', () => {
  it('survives a worker killed mid-job: another worker resumes from the last finished step', async () => {
    const t = await startTestApp({
      target: 'postgres',
      redisUrl: TEST_REDIS_URL,
      config: { workerConcurrency: 0, seed: false, demoCatalogue: false, jobLockMs: 2000 },
    });
    const env = workerEnv(t);
    const workers: ChildProcess[] = [];
    try {
      const register = await supertest(t.baseUrl).post('/api/register').send({ username: 'crashtest', password: 'password1' });
      const cookie = cookiePair(register.headers['set-cookie']);
      const client = wsClient(t.baseUrl, cookie);
      const updates = collect<{ generationUpdated: { requestId: string; status: string } }>(client, 'subscription { generationUpdated { requestId status } }');
      await new Promise((r) => setTimeout(r, 200));

      const first = startWorker(env);
      workers.push(first.process);
      await expect.poll(() => first.output(), { timeout: 60_000, interval: 200 }).toContain('Generation worker ready');
      const created = await supertest(t.baseUrl)
        .post('/api/generations')
        .set('cookie', cookie)
        .send({ prompt: 'driving techno in a warehouse', genres: ['techno'], durationSeconds: 30, generateAlbumArt: false, seed: 3 });
      expect(created.status).toBe(201);
      const id = Number(created.body.id);

      // Kill the worker (SIGKILL: no clean-up at all) once the render is recorded and its checkpoint is
      // on disk (checkpoints are written behind the steps: a step may be recorded before its file is whole).
      const em = t.app.database.orm.em.fork();
      const recorded = async () => ((await em.fork().findOneOrFail(GenerationRequest, id)).intermediateData ?? {}) as IntermediateData;
      const store = new WorkStore(t.config.dataDir, id);
      const renderStored = async () => 'render' in (await recorded()) && existsSync(store.file('rendered.f32'));
      await expect.poll(renderStored, { timeout: 120_000, interval: 100 }).toBe(true);
      first.process.kill('SIGKILL');
      await exited(first.process);
      // What the next worker can resume from: the steps recorded whose files made it to disk (a step
      // recorded after the render may have been killed while its file was being written).
      const resumable = { ...(await recorded()) };
      await store.forgetMissing(resumable, CHECKPOINTED_STEPS);
      const doneAtKill = PIPELINE_STEPS.map((s) => s.id as string).filter((step) => step in resumable);
      expect(doneAtKill).toEqual(expect.arrayContaining(['plan', 'lyrics', 'compose', 'render']));
      expect((await em.fork().findOneOrFail(GenerationRequest, id)).status).toBe('generating');

      const second = startWorker(env);
      workers.push(second.process);
      await expect.poll(async () => (await em.fork().findOneOrFail(GenerationRequest, id)).status, { timeout: 120_000, interval: 250 }).toBe('completed');
      // The second worker took the stalled job over and carried on from where the first stopped.
      expect(second.output()).toContain(`Generation ${id}: resuming after ${doneAtKill.join(', ')}`);
      // The worker logs completion just after committing it: wait for the line, not only the row.
      await expect.poll(() => second.output(), { timeout: 10_000, interval: 100 }).toContain(`Generation ${id} completed`);
      // Progress from the worker processes reached the API's subscribers over Redis.
      await expect.poll(() => updates.results.some((u) => u.generationUpdated.requestId === String(id) && u.generationUpdated.status === 'completed'), { timeout: 10_000 }).toBe(true);

      const song = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: `{ generation(id: "${id}") { song { audioUrl } } }` });
      const audio = await supertest(t.baseUrl).get(song.body.data.generation.song.audioUrl);
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      updates.dispose();
      await client.dispose();
    } finally {
      await stopWorkers(workers);
      await t.close();
    }
    // Two worker processes start from source (tsx) one after the other: on a busy 2-core machine that alone passed 60 s.
  }, 240_000);
});
