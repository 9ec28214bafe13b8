import { Router } from 'express';
import type { Services } from '../app/services.js';
import { authRoutes } from '../auth/auth.routes.js';
import { queueRoutes } from '../library/queue.routes.js';
import { likesRoutes } from '../library/likes.routes.js';
import { mixerSettingsRoutes } from '../users/mixer-settings.routes.js';
import { generationRoutes } from '../generation/generation.routes.js';

/** The REST compatibility layer (SPEC 7), mounted under /api. */
export function apiRoutes(services: Services): Router {
  const router = Router();
  router.use(authRoutes(services));
  router.use(queueRoutes(services), likesRoutes(services), mixerSettingsRoutes(services));
  router.use(generationRoutes(services));
  return router;
}
