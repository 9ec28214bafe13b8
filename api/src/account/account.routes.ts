import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';

/** GET /api/account/export: the user's data as a zip, streamed (a download, so REST rather than GraphQL). */
export function accountRoutes(services: Services): Router {
  const router = Router();

  router.get('/account/export', async (req, res) => {
    const user = requireRequestUser(req);
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="songforge-${user.username}-${day}.zip"`);
    res.setHeader('Cache-Control', 'no-store');
    await services.account.exportData(req.auth.em, user, res);
  });

  return router;
}
