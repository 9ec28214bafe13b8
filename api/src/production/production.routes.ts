import { Router } from 'express';
import type { Services } from '../app/services.js';

/**
 * The production catalogue as a portable archive (docs/admin.md): downloads and uploads, so REST
 * rather than GraphQL. Both check canAccessAdmin in the service. The upload is the raw .tar.gz body
 * (same-origin only, like every non-JSON call: http/origin.ts), read as a stream, never buffered whole.
 */
export function productionRoutes(services: Services): Router {
  const router = Router();

  router.get('/admin/production/export', async (req, res) => {
    const day = new Date().toISOString().slice(0, 10);
    await services.catalogueArchive.exportTo(req.auth.em, req.auth.user, res, () => {
      res.setHeader('Content-Type', 'application/gzip');
      res.setHeader('Content-Disposition', `attachment; filename="songforge-catalogue-${day}.tar.gz"`);
      res.setHeader('Cache-Control', 'no-store');
    });
  });

  router.post('/admin/production/import', async (req, res) => {
    try {
      res.json(await services.catalogueArchive.importFrom(req.auth.em, req.auth.user, req));
    } finally {
      // A refused upload is still being sent: read the rest, so the client gets the answer rather than a reset connection.
      if (!req.readableEnded) req.resume();
    }
  });

  return router;
}
