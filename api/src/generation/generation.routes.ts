import { once } from 'node:events';
import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';
import { toGenerationView } from './generation.view.js';
import { ACTIVE_STATUSES } from './stages.js';

/** REST: the status the sidebar widget polls (SPEC 7), plus creating and reading requests. */
export function generationRoutes(services: Services): Router {
  const router = Router();

  router.get('/generations/status', async (req, res) => {
    res.json(await services.generation.status(req.auth.em, requireRequestUser(req)));
  });

  router.post('/generations', async (req, res) => {
    const request = await services.generation.generate(req.auth.em, requireRequestUser(req), req.body);
    res.status(201).json(toGenerationView(request));
  });

  router.get('/generations/:id', async (req, res) => {
    res.json(toGenerationView(await services.generation.get(req.auth.em, requireRequestUser(req), req.params.id)));
  });

  /**
   * The song of a request while it is encoded, as a progressive MP3 (chunked, no length): who may
   * read the request may listen (its owner, admins). A finished request redirects to the song's
   * file, so the player can always start from this address.
   */
  router.get('/generations/:id/stream', async (req, res) => {
    const user = requireRequestUser(req);
    const request = await services.generation.get(req.auth.em, user, req.params.id);
    const toSong = async (): Promise<void> => {
      const now = await services.generation.get(req.auth.em.fork(), user, request.id);
      if (now.status === 'completed' && now.song?.audioUrl) res.redirect(303, now.song.audioUrl);
      else res.status(404).json({ error: 'This song is not being generated' });
    };
    if (!(ACTIVE_STATUSES as readonly string[]).includes(request.status)) return toSong();
    const listening = new AbortController();
    res.on('close', () => listening.abort());
    const chunks = services.songStreams.listen(request.id, {
      stillGenerating: () => services.generation.isActive(req.auth.em, request.id),
      signal: listening.signal,
    });
    for await (const bytes of chunks) {
      if (!res.headersSent) res.status(200).set({ 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
      if (!res.write(bytes)) await once(res, 'drain', { signal: listening.signal }).catch(() => undefined);
    }
    if (listening.signal.aborted) return;
    if (!res.headersSent) return toSong();
    res.end();
  });

  return router;
}
