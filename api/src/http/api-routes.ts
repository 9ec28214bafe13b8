import { Router } from 'express';
import type { Services } from '../app/services.js';
import { authRoutes } from '../auth/auth.routes.js';

/** The REST compatibility layer (SPEC 7), mounted under /api. */
export function apiRoutes(services: Services): Router {
  const router = Router();
  router.use(authRoutes(services));
  return router;
}
