import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser, requireUserId, type RequestAuth } from '../http/request-context.js';

/** SPEC 7 queue calls under /api/songs; each answers with the shape the web player reads. */
export function queueRoutes(services: Services): Router {
  const router = Router();
  const queue = services.queue;

  router.get('/songs/queue', async (req, res) => {
    res.type('json').send(await queueReadAnswer(services, req.auth));
  });

  router.post('/songs/auto-advance', async (req, res) => {
    const outcome = await queue.autoAdvance(req.auth.em, requireRequestUser(req), req.body ?? {});
    res.json({ nextSong: outcome.queue.currentSong });
  });

  router.post('/songs/shift-backward', async (req, res) => {
    res.json((await queue.shiftBackward(req.auth.em, requireRequestUser(req))).queue);
  });

  router.post('/songs/play-next-song', async (req, res) => {
    res.json({ nextSong: (await queue.nextSong(req.auth.em, requireRequestUser(req))).queue.currentSong });
  });

  router.post('/songs/play-previous-song', async (req, res) => {
    const outcome = await queue.previousSong(req.auth.em, requireRequestUser(req));
    // No earlier song: nothing to go back to.
    res.json({ prevSong: outcome.changed ? outcome.queue.currentSong : null });
  });

  router.post('/songs/:id/play-state', async (req, res) => {
    const user = requireRequestUser(req);
    const outcome = await queue.playSong(req.auth.em, user, { id: req.params.id, isGenreSelection: req.body?.isGenreSelection ?? false });
    res.json(outcome.queue);
  });

  return router;
}

/**
 * GET /api/songs/queue's body (also answered beside Express, http/hot-rest-reads.ts). It is kept with
 * the cached queue: an unchanged queue is not serialised again.
 */
export function queueReadAnswer(services: Services, auth: RequestAuth): Promise<string> {
  return services.queue.queueAnswer(() => auth.em, requireUserId(auth), 'rest', (view) => JSON.stringify(view));
}
