import { Router, type Response } from 'express';
import type { Services } from '../app/services.js';
import { AppError, notFound } from '../common/errors.js';
import { sessionMeta } from '../http/request-context.js';
import { sessionCookie } from './sessions.js';
import { OidcSignIn, SSO_FAILED, safeReturnPath } from './oidc.js';

/** The query parameter that brings a failed sign-in's reason back to the sign-in page. */
export const SIGN_IN_ERROR_PARAM = 'signInError';

/**
 * Single sign-on (docs/auth.md): GET /api/auth/oidc tells the sign-in page whether to show the
 * button; /start leaves for the provider, /callback comes back signed in (or with the reason why not).
 */
export function oidcRoutes(services: Services): Router {
  const router = Router();

  router.get('/auth/oidc', (_req, res) => {
    res.json({ enabled: services.oidc !== null, label: services.oidc?.label ?? null });
  });

  router.get('/auth/oidc/start', async (req, res) => {
    if (!services.oidc) throw notFound('Single sign-on is not configured');
    const { url, cookie } = await services.oidc.start(safeReturnPath(req.query.returnTo), req.secure);
    res.setHeader('Set-Cookie', cookie);
    res.redirect(303, url);
  });

  router.get('/auth/oidc/callback', async (req, res) => {
    if (!services.oidc) throw notFound('Single sign-on is not configured');
    const queryAt = req.originalUrl.indexOf('?');
    const query = queryAt === -1 ? '' : req.originalUrl.slice(queryAt);
    try {
      const { identity, returnTo } = await services.oidc.finish(query, req.headers.cookie);
      const { token } = await services.auth.signInWithProvider(req.auth.em, identity, sessionMeta(req));
      res.setHeader('Set-Cookie', [OidcSignIn.clearedCookie(req.secure), sessionCookie(token, req.secure)]);
      res.redirect(303, returnTo);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The provider's own reason (a wrong client secret, a clock skew) is for the admin's log only.
      services.logger.info(`Single sign-on refused: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`);
      res.setHeader('Set-Cookie', OidcSignIn.clearedCookie(req.secure));
      backToSignIn(res, error.message || SSO_FAILED);
    }
  });

  return router;
}

function backToSignIn(res: Response, message: string): void {
  res.redirect(303, `/?${new URLSearchParams({ [SIGN_IN_ERROR_PARAM]: message })}`);
}
