import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { PIPELINE_STEPS } from './stages.js';

const GENERATE = `mutation ($input: GenerateSongInput!) {
  generateSong(input: $input) { id status stage progress { stage percentage } retryCount error failedAtStep }
}`;
const UPDATES = 'subscription { generationUpdated { requestId status progress { stage percentage } error } }';
const GENERATION = `query ($id: ID!) {
  generation(id: $id) {
    id status progress { stage percentage } stages error failedAtStep retryCount
    plan { genre bpm summary }
    song { id title audioUrl coverUrl thumbnailUrl duration bpm key lyrics genre }
  }
}`;

interface Update {
  generationUpdated: { requestId: string; status: string; progress: { stage: string; percentage: number }; error: string | null };
}

describe.each(DATABASE_TARGETS)('generation end to end on %s PostgreSQL', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 1, seed: false, demoCatalogue: false } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('generates over graphql-ws with ordered progress events, then serves the song with Range', async () => {
    const cookie = await signUp(t, 'composer');
    const client = wsClient(t.baseUrl, cookie);
    const updates = collect<Update>(client, UPDATES);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const [created] = await collect<{ generateSong: { id: string; status: string; progress: { stage: string; percentage: number } } }>(client, GENERATE, {
        input: { prompt: 'rainy night lo-fi with soft piano', genres: ['lo-fi'], moods: ['chill'], durationSeconds: 30, generateLyrics: true, seed: 42 },
      }).next(1);
      const id = created.generateSong.id;
      expect(created.generateSong).toMatchObject({ status: 'pending', progress: { stage: 'Starting...', percentage: 0 } });

      await expect.poll(() => updates.results.some((u) => u.generationUpdated.status === 'completed'), { timeout: 150_000, interval: 250 }).toBe(true);
      const events = updates.results.map((u) => u.generationUpdated).filter((u) => u.requestId === id);
      expect(events[0]).toMatchObject({ status: 'pending', progress: { stage: 'Starting...', percentage: 0 } });
      expect(events.at(-1)).toMatchObject({ status: 'completed', progress: { percentage: 100 }, error: null });
      // Stages arrive in pipeline order and the percentage only rises.
      const stages = events.slice(1, -1).map((e) => e.progress.stage);
      expect(stages).toEqual(PIPELINE_STEPS.map((s) => s.stage));
      const percentages = events.map((e) => e.progress.percentage);
      expect(percentages).toEqual([...percentages].sort((a, b) => a - b));
      expect(new Set(percentages).size).toBe(percentages.length);
      expect(events.map((e) => e.status)).toEqual(['pending', 'processing', 'processing', 'generating', 'generating', 'generating', 'generating', 'generating', 'generating', 'completed']);

      const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: GENERATION, variables: { id } });
      const generation = res.body.data.generation;
      expect(generation).toMatchObject({ status: 'completed', error: null, failedAtStep: null, retryCount: 0, plan: { genre: 'lo-fi' } });
      // The stages the request lists are the ones its progress went through.
      expect(generation.stages).toEqual(stages);
      const song = generation.song;
      expect(song.audioUrl).toMatch(/^\/media\/songs\/.+\.mp3$/);
      expect(song.coverUrl).toMatch(/^\/media\/covers\/.+\.png$/);
      expect(song.thumbnailUrl).toMatch(/^\/media\/covers\/.+-256\.png$/);
      expect(song.duration).toBeGreaterThan(29);
      expect(song.bpm).toBeGreaterThan(40);
      expect(song.key).toMatch(/^[A-G]#? (major|minor|dorian|mixolydian|phrygian|lydian)$/);
      expect(song.lyrics).toContain('[');
      expect(song.genre).toBe('lo-fi');

      const audio = await supertest(t.baseUrl).get(song.audioUrl).buffer(true);
      expect(audio.status).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(audio.headers.etag).toBeTruthy();
      expect(audio.headers['cache-control']).toBe('public, max-age=600');
      const total = Number(audio.headers['content-length']);
      const range = await supertest(t.baseUrl).get(song.audioUrl).set('Range', 'bytes=100-1123').buffer(true);
      expect(range.status).toBe(206);
      expect(range.headers['content-range']).toBe(`bytes 100-1123/${total}`);
      expect(Number(range.headers['content-length'])).toBe(1024);
      const cover = await supertest(t.baseUrl).get(song.coverUrl);
      expect(cover.headers['content-type']).toBe('image/png');

      const status = await supertest(t.baseUrl).get('/api/generations/status').set('cookie', cookie);
      expect(status.status).toBe(200);
      expect(status.body.active).toEqual([]);
      expect(status.body.completed).toEqual([
        expect.objectContaining({ requestId: id, status: 'completed', genres: ['lo-fi'], moods: expect.arrayContaining(['chill']), error: null, progress: { stage: 'Saving', percentage: 100 } }),
      ]);
      expect(Object.keys(status.body.completed[0]).sort()).toEqual(['createdAt', 'error', 'genres', 'moods', 'progress', 'requestId', 'status', 'title']);
    } finally {
      updates.dispose();
      await client.dispose();
    }
  });
});
