import { Router } from 'express';
import type { Services } from '../app/services.js';
import { authRoutes, userAnswer } from '../auth/auth.routes.js';
import { oidcRoutes } from '../auth/oidc.routes.js';
import { queueReadAnswer, queueRoutes } from '../library/queue.routes.js';
import { likesRoutes } from '../library/likes.routes.js';
import { mixerSettingsRoutes } from '../users/mixer-settings.routes.js';
import { generationRoutes } from '../generation/generation.routes.js';
import { songManagementRoutes } from '../song-management/song-management.routes.js';
import { usageRoutes } from '../usage/usage.routes.js';
import { profileRoutes } from '../profile/profile.routes.js';
import { accountRoutes } from '../account/account.routes.js';
import { downloadRoutes } from '../downloads/download.routes.js';
import { productionRoutes } from '../production/production.routes.js';
import type { HotRestRead } from './hot-rest-reads.js';

/** The REST compatibility layer (SPEC 7), mounted under /api. */
export function apiRoutes(services: Services): Router {
  const router = Router();
  router.use(authRoutes(services), oidcRoutes(services));
  router.use(queueRoutes(services), likesRoutes(services), mixerSettingsRoutes(services));
  router.use(generationRoutes(services));
  router.use(songManagementRoutes(services), downloadRoutes(services));
  router.use(usageRoutes(services));
  router.use(profileRoutes(services), accountRoutes(services));
  router.use(productionRoutes(services));
  return router;
}

/** The reads a player repeats, also answered beside Express (hot-rest-reads.ts), by their full path. */
export function hotApiReads(services: Services): ReadonlyMap<string, HotRestRead> {
  return new Map<string, HotRestRead>([
    ['/api/user', userAnswer],
    ['/api/songs/queue', (auth) => queueReadAnswer(services, auth)],
  ]);
}
