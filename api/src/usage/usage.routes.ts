import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';

/** GET /api/usage/export?month=YYYY-MM[&allUsers=true]: the usage page's CSV download. */
export function usageRoutes(services: Services): Router {
  const router = Router();
  router.get('/usage/export', async (req, res) => {
    const month = typeof req.query.month === 'string' ? req.query.month : null;
    const allUsers = req.query.allUsers === 'true';
    const { filename, body } = await services.usage.csv(req.auth.em, requireRequestUser(req), { month, allUsers });
    res.type('text/csv; charset=utf-8').attachment(filename).send(body);
  });
  return router;
}
