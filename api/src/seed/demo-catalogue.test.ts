import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLogger } from '../app/logger.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { EmbeddedGenerationQueue } from '../generation/embedded-queue.js';
import { User } from '../users/user.entity.js';
import { RADIO_LINEUP } from '../radio/stations.js';
import { createMusicProvider } from '../music/index.js';
import type { SongRequest } from '../music/types.js';
import { DEMO_SONG_SECONDS, DEMO_USERNAME, queueDemoCatalogue } from './demo-catalogue.js';

describe('demo catalogue', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('embedded');
  });
  afterAll(async () => {
    await db.close();
  });

  it('queues one song per radio genre once, below users\u2019 own requests', async () => {
    const logger = createLogger('silent');
    const queue = new EmbeddedGenerationQueue(db.orm, logger);
    // Two processes starting together queue the catalogue once.
    const counts = await Promise.all([queueDemoCatalogue(db.orm.em.fork(), queue, logger), queueDemoCatalogue(db.orm.em.fork(), queue, logger)]);
    expect(counts.sort()).toEqual([0, RADIO_LINEUP.length]);
    expect(await queueDemoCatalogue(db.orm.em.fork(), queue, logger)).toBe(0);

    const em = db.orm.em.fork();
    const requests = await em.find(GenerationRequest, {}, { populate: ['user'], orderBy: { id: 'asc' } });
    expect(requests.map((r) => r.genres[0])).toEqual(RADIO_LINEUP.map((s) => s.genre));
    expect(new Set(requests.map((r) => r.user.username))).toEqual(new Set([DEMO_USERNAME]));
    const engine = createMusicProvider();
    for (const request of requests) {
      expect(request).toMatchObject({ status: 'pending', priority: -1 });
      const settings = request.settings as unknown as SongRequest;
      expect(settings.durationSeconds).toBe(DEMO_SONG_SECONDS);
      // Every demo request is one the engine accepts, in its own genre.
      expect(engine.plan(settings).genre).toBe(request.genres[0]);
    }

    const listener = em.create(User, { username: 'listener' });
    const own = em.create(GenerationRequest, { user: listener, prompt: 'my song', genres: [], moods: [], settings: {}, intermediateData: null });
    await em.flush();
    expect(await queue.claim()).toBe(own.id);
    expect(await queue.claim()).toBe(requests[0].id);
  });
});
