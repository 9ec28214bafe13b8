import { Router } from 'express';
import type { Services } from '../app/services.js';
import { requireRequestUser } from '../http/request-context.js';
import { toGenerationView } from './generation.view.js';

/** REST: the status the sidebar widget polls (SPEC 7), plus creating and reading requests. */
export function generationRoutes(services: Services): Router {
  const router = Router();

  router.get('/generations/status', async (req, res) => {
    res.json(await services.generation.status(req.auth.em, requireRequestUser(req)));
  });

  router.post('/generations', async (req, res) => {
    const request = await services.generation.generate(req.auth.em, requireRequestUser(req), req.body);
    res.status(201).json(toGenerationView(request));
  });

  router.get('/generations/:id', async (req, res) => {
    res.json(toGenerationView(await services.generation.get(req.auth.em, requireRequestUser(req), req.params.id)));
  });

  return router;
}
