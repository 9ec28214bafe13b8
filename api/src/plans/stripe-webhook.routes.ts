import express, { Router } from 'express';
import type { Services } from '../app/services.js';
import { notFound } from '../common/errors.js';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';

/**
 * POST /api/billing/stripe/webhook: Stripe's subscription events. Mounted before the JSON body
 * parser: the signature is over the exact bytes. Answers 400 to a bad signature (Stripe shows it),
 * 200 to everything verified (replays and stale events included), 500 on failure so Stripe retries.
 */
export function stripeWebhookRoutes(services: Services): Router {
  const router = Router();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!services.stripeWebhooks) throw notFound('Card payments are not configured');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await services.stripeWebhooks.handle(services.orm.em.fork(), body, req.get('stripe-signature'));
    res.json({ received: true, outcome });
  });
  return router;
}
