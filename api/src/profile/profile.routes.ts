import express, { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';
import { AVATAR_FORMAT_ERROR, AVATAR_MAX_BYTES } from './avatar-image.js';
import { badInput } from '../common/errors.js';

/**
 * POST /api/profile/avatar: the image file as the body (Content-Type image/png, image/jpeg or
 * image/webp); answers the profile. The bytes decide the format, the declared type only routes the body.
 */
export function profileRoutes(services: Services): Router {
  const router = Router();
  const imageBody = express.raw({ type: 'image/*', limit: AVATAR_MAX_BYTES });

  router.post('/profile/avatar', imageBody, async (req, res) => {
    const user = requireRequestUser(req);
    if (!Buffer.isBuffer(req.body)) throw badInput(AVATAR_FORMAT_ERROR);
    res.json(await services.profiles.withLists(req.auth.em, user, await services.profiles.uploadAvatar(req.auth.em, user, req.body)));
  });

  return router;
}
