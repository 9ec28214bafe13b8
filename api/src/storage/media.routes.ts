import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requestContext } from '../http/request-context.js';
import { mediaKey } from './media-storage.js';
import { mediaCacheControl } from './media-access.js';

/**
 * GET/HEAD /media/<key>: a media object for whoever may see it (media-access.ts), from whichever
 * storage backend holds it. Anything else, and what the asker may not see, is 404 `Not found`.
 */
export function mediaRoutes(services: Services): Router {
  const router = Router();
  router.use(requestContext(services), async (req, res, next) => {
    try {
      const key = req.method === 'GET' || req.method === 'HEAD' ? mediaKey(`/media${req.path}`) : null;
      const cacheControl = key && (await mediaCacheControl(req.auth.em, req.auth.user, key));
      if (!key || !cacheControl || !(await services.media.send(req, res, key, { cacheControl }))) {
        res.status(404).json({ error: 'Not found' });
      }
    } catch (error) {
      next(error);
    }
  });
  return router;
}
