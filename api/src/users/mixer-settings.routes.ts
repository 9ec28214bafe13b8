import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';
import { notFound } from '../common/errors.js';

/** SPEC 7: GET /api/user/mixer-settings (404 until saved) and POST /api/user/mixer-settings. */
export function mixerSettingsRoutes(services: Services): Router {
  const router = Router();

  router.get('/user/mixer-settings', async (req, res) => {
    const settings = await services.mixerSettings.get(req.auth.em, requireRequestUser(req));
    if (!settings) throw notFound('No mixer settings saved');
    res.json(settings);
  });

  router.post('/user/mixer-settings', async (req, res) => {
    res.json(await services.mixerSettings.save(req.auth.em, requireRequestUser(req), req.body));
  });

  return router;
}
