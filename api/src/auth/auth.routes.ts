import { Router } from 'express';
import type { Services } from '../app/services.js';
import { toUserView } from '../users/user.view.js';
import { clearedSessionCookie, sessionCookie } from './sessions.js';
import { requireUserView, sessionMeta, type RequestAuth } from '../http/request-context.js';

/** SPEC 7 auth calls: POST /api/register, /api/login, /api/logout and GET /api/user. */
export function authRoutes(services: Services): Router {
  const router = Router();

  router.post('/register', async (req, res) => {
    const { user, token } = await services.auth.register(req.auth.em, req.body, sessionMeta(req));
    res.setHeader('Set-Cookie', sessionCookie(token, req.secure));
    res.status(201).json(toUserView(user));
  });

  router.post('/login', async (req, res) => {
    const { user, token } = await services.auth.login(req.auth.em, req.body, sessionMeta(req));
    res.setHeader('Set-Cookie', sessionCookie(token, req.secure));
    res.json(toUserView(user));
  });

  router.post('/logout', async (req, res) => {
    await services.auth.logout(req.auth.em, req.auth.sessionToken);
    res.setHeader('Set-Cookie', clearedSessionCookie(req.secure));
    res.json({ success: true });
  });

  router.get('/user', (req, res) => {
    res.type('json').send(userAnswer(req.auth));
  });

  return router;
}

/** GET /api/user's body: the signed-in user as clients see it (also answered beside Express, http/hot-rest-reads.ts). */
export function userAnswer(auth: RequestAuth): string {
  return JSON.stringify(requireUserView(auth));
}
