import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';

/** SPEC 7 like calls: GET /api/songs/{id}/is-liked, POST /api/songs/{id}/like, DELETE /api/songs/{id}/unlike. */
export function likesRoutes(services: Services): Router {
  const router = Router();
  const likes = services.likes;

  router.get('/songs/:id/is-liked', async (req, res) => {
    res.json(await likes.isLiked(req.auth.em, requireRequestUser(req), { songId: req.params.id }));
  });

  router.post('/songs/:id/like', async (req, res) => {
    const song = await likes.like(req.auth.em, requireRequestUser(req), { songId: req.params.id });
    res.json({ liked: true, likeCount: song.likeCount });
  });

  router.delete('/songs/:id/unlike', async (req, res) => {
    const song = await likes.unlike(req.auth.em, requireRequestUser(req), { songId: req.params.id });
    res.json({ liked: false, likeCount: song.likeCount });
  });

  return router;
}
