import express, { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';
import { COVER_UPLOAD_MAX_BYTES } from './song-management.service.js';

/** POST /api/songs/{id}/cover with the image file as the body: a new cover, resized on the server. */
export function songManagementRoutes(services: Services): Router {
  const router = Router();
  router.post('/songs/:id/cover', express.raw({ type: 'image/*', limit: COVER_UPLOAD_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await services.songManagement.uploadCover(req.auth.em, requireRequestUser(req), req.params.id, body));
  });
  return router;
}
