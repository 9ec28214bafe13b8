import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import Stripe from 'stripe';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import { StripeCustomer } from './stripe-customer.entity.js';
import { SubscriptionEvent } from './subscription-event.entity.js';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.routes.js';
import { TIER_LIMITS } from './tiers.js';

const WEBHOOK_SECRET = 'whsec_test_songforge';
const signer = new Stripe('sk_test_signer_only');

/** Stripe's API as far as Songforge calls it, on 127.0.0.1: nothing in these tests reaches Stripe. */
async function startFakeStripe() {
  const calls: Array<{ method: string; path: string; form: Record<string, string> }> = [];
  let customers = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      calls.push({ method: req.method ?? '', path, form: Object.fromEntries(new URLSearchParams(body)) });
      const answer: Record<string, unknown> | null =
        path === '/v1/customers'
          ? { id: `cus_test_${++customers}`, object: 'customer' }
          : path === '/v1/checkout/sessions'
            ? { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/pay/cs_test_1' }
            : path === '/v1/billing_portal/sessions'
              ? { id: 'bps_test_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/1' }
              : path.startsWith('/v1/subscriptions/')
                ? { id: path.split('/').pop(), object: 'subscription', cancel_at_period_end: true }
                : null;
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ?? { error: { message: 'no such route', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let eventCount = 0;
/** A subscription event as Stripe sends it. `created` is Stripe's clock (seconds), not the delivery's. */
function subscriptionEvent(
  type: string,
  fields: { customer: string; subscription?: string; status: string; created: number; periodEnd: number; amount?: number; cancelAtPeriodEnd?: boolean; endedAt?: number; id?: string },
) {
  return {
    id: fields.id ?? `evt_test_${++eventCount}`,
    object: 'event',
    type,
    created: fields.created,
    data: {
      object: {
        id: fields.subscription ?? 'sub_test_1',
        object: 'subscription',
        customer: fields.customer,
        status: fields.status,
        cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
        cancel_at: null,
        ended_at: fields.endedAt ?? null,
        metadata: { tier: 'pro' },
        items: { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', current_period_end: fields.periodEnd, price: { id: 'price_test', object: 'price', unit_amount: fields.amount ?? TIER_LIMITS.pro.priceCents } }] },
      },
    },
  };
}

describe.each(DATABASE_TARGETS)('Stripe payments on %s PostgreSQL', (target) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let users = 0;
  const em = () => t.app.database.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({
      target,
      config: { stripe: { secretKey: 'sk_test_songforge', webhookSecret: WEBHOOK_SECRET, returnBase: 'https://music.example.com', api: { host: '127.0.0.1', port: fake.port, protocol: 'http' } } },
    });
    await signUp(); // the installation's admin
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function signUp() {
    const username = `payer${++users}`;
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1', email: `${username}@example.com` });
    const cookie = cookiePair(res.headers['set-cookie']);
    const gql = (query: string, variables: Record<string, unknown> = {}) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables });
    return { id: Number(res.body.id), username, gql };
  }

  const send = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return supertest(t.baseUrl).post(STRIPE_WEBHOOK_PATH).set('content-type', 'application/json').set('stripe-signature', signer.webhooks.generateTestHeaderString({ payload, secret })).send(payload);
  };
  const planOf = async (id: number) => {
    const user = await em().findOneOrFail(User, id);
    return { tier: user.userTier, status: user.subscriptionStatus, expiresAt: user.subscriptionExpiresAt };
  };
  /** A user who went through checkout: their Stripe customer exists. */
  async function customer() {
    const user = await signUp();
    expect((await user.gql('mutation { startCheckout(tier: "pro") }')).body.data.startCheckout).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    return { ...user, customerId: (await em().findOneOrFail(StripeCustomer, { user: user.id })).customerId };
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('opens Checkout for a tier at the price of the tier table, with one customer per user', async () => {
    const user = await signUp();
    fake.calls.length = 0;
    const first = await user.gql('mutation { startCheckout(tier: "basic") }');
    expect(first.body.data.startCheckout).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    await user.gql('mutation { startCheckout(tier: "pro") }');
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions', 'POST /v1/checkout/sessions']);
    expect(fake.calls[0]!.form).toMatchObject({ email: `${user.username}@example.com`, 'metadata[userId]': String(user.id) });
    const customerId = (await em().findOneOrFail(StripeCustomer, { user: user.id })).customerId;
    expect(fake.calls[1]!.form).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(user.id),
      'line_items[0][price_data][unit_amount]': String(TIER_LIMITS.basic.priceCents),
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[metadata][tier]': 'basic',
      success_url: 'https://music.example.com/subscription?checkout=done',
      cancel_url: 'https://music.example.com/pricing',
    });
    expect(fake.calls[2]!.form['line_items[0][price_data][unit_amount]']).toBe(String(TIER_LIMITS.pro.priceCents));
    // Nothing changed yet: only a webhook changes the plan.
    expect((await planOf(user.id)).tier).toBe('free');
    expect((await user.gql('mutation { startCheckout(tier: "admin") }')).body.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect((await user.gql('{ myPlan { paymentProvider } }')).body.data.myPlan.paymentProvider).toBe('stripe');
  });

  it('opens the customer portal for a customer, and refuses one without a billing account', async () => {
    const stranger = await signUp();
    expect((await stranger.gql('mutation { openBillingPortal }')).body.errors[0]).toMatchObject({ message: 'You have no billing account yet: choose a plan first', extensions: { code: 'CONFLICT' } });
    const user = await customer();
    fake.calls.length = 0;
    expect((await user.gql('mutation { openBillingPortal }')).body.data.openBillingPortal).toBe('https://billing.stripe.test/p/session/1');
    expect(fake.calls).toEqual([{ method: 'POST', path: '/v1/billing_portal/sessions', form: { customer: user.customerId, return_url: 'https://music.example.com/subscription' } }]);
  });

  it('refuses unsigned, badly signed and tampered webhooks and changes nothing', async () => {
    const user = await customer();
    const event = subscriptionEvent('customer.subscription.created', { customer: user.customerId, status: 'active', created: now(), periodEnd: now() + 30 * 86400 });
    const unsigned = await supertest(t.baseUrl).post(STRIPE_WEBHOOK_PATH).set('content-type', 'application/json').send(JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toEqual({ error: 'Missing Stripe-Signature header' });
    expect((await send(event, 'whsec_someone_else')).body).toEqual({ error: 'Invalid Stripe signature' });
    // Signed, then changed on the way: the signature no longer matches the bytes.
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await supertest(t.baseUrl).post(STRIPE_WEBHOOK_PATH).set('content-type', 'application/json').set('stripe-signature', header).send(payload.replace('"active"', '"trialing"'));
    expect(tampered.status).toBe(400);
    expect(await planOf(user.id)).toMatchObject({ tier: 'free', status: 'inactive' });
  });

  it('applies a subscription once, however often the event is replayed, even at the same moment', async () => {
    const user = await customer();
    const periodEnd = now() + 30 * 86400;
    const event = subscriptionEvent('customer.subscription.created', { customer: user.customerId, status: 'active', created: now(), periodEnd });
    expect((await send(event)).body).toEqual({ received: true, outcome: 'applied' });
    expect(await planOf(user.id)).toEqual({ tier: 'pro', status: 'active', expiresAt: new Date(periodEnd * 1000 + 3_600_000) });
    const replays = await Promise.all(Array.from({ length: 5 }, () => send(event)));
    expect(replays.map((res) => res.body.outcome)).toEqual(Array(5).fill('duplicate'));
    expect(await em().count(SubscriptionEvent, { user: user.id, kind: 'stripe' })).toBe(1);
    expect((await user.gql('{ myPlan { tier status limits { monthlyGenerations } } }')).body.data.myPlan).toEqual({ tier: 'pro', status: 'active', limits: { monthlyGenerations: TIER_LIMITS.pro.monthlyGenerations } });
    // While it is paid, a second checkout is refused: the portal changes or cancels it.
    expect((await user.gql('mutation { startCheckout(tier: "premium") }')).body.errors[0].message).toBe('You already pay for a plan: change or cancel it in the billing portal');
  });

  it('ignores events that arrive out of order, and never brings an ended subscription back', async () => {
    const user = await customer();
    const t0 = now();
    const sub = `sub_order_${user.id}`;
    const base = { customer: user.customerId, subscription: sub, periodEnd: t0 + 30 * 86400 };
    // Delivered in the order 2, 1 (older, past_due), 4 (deleted), 3 (an update from before the deletion).
    expect((await send(subscriptionEvent('customer.subscription.updated', { ...base, status: 'active', created: t0 + 2, amount: TIER_LIMITS.premium.priceCents! }))).body.outcome).toBe('applied');
    expect((await send(subscriptionEvent('customer.subscription.updated', { ...base, status: 'past_due', created: t0 + 1 }))).body.outcome).toBe('stale');
    expect(await planOf(user.id)).toMatchObject({ tier: 'premium', status: 'active' });
    expect((await send(subscriptionEvent('customer.subscription.deleted', { ...base, status: 'canceled', created: t0 + 4, endedAt: t0 + 4 }))).body.outcome).toBe('applied');
    expect(await planOf(user.id)).toEqual({ tier: 'free', status: 'canceled', expiresAt: new Date((t0 + 4) * 1000) });
    expect((await send(subscriptionEvent('customer.subscription.updated', { ...base, status: 'active', created: t0 + 3 }))).body.outcome).toBe('stale');
    // Even one stamped later: a canceled Stripe subscription cannot come back.
    expect((await send(subscriptionEvent('customer.subscription.updated', { ...base, status: 'active', created: t0 + 9 }))).body.outcome).toBe('stale');
    expect((await planOf(user.id)).tier).toBe('free');
  });

  it('keeps a plan canceled at period end until then, and downgrades it to free when it expires unrenewed', async () => {
    const user = await customer();
    const t0 = now();
    await send(subscriptionEvent('customer.subscription.created', { customer: user.customerId, subscription: `sub_exp_${user.id}`, status: 'active', created: t0, periodEnd: t0 + 86400 }));
    // Cancelling from /subscription stops the renewal at Stripe first.
    fake.calls.length = 0;
    expect((await user.gql('mutation { cancelSubscription { tier status } }')).body.data.cancelSubscription).toEqual({ tier: 'pro', status: 'canceled' });
    expect(fake.calls).toEqual([{ method: 'POST', path: `/v1/subscriptions/sub_exp_${user.id}`, form: { cancel_at_period_end: 'true' } }]);
    // Stripe confirms it.
    await send(subscriptionEvent('customer.subscription.updated', { customer: user.customerId, subscription: `sub_exp_${user.id}`, status: 'active', cancelAtPeriodEnd: true, created: t0 + 1, periodEnd: t0 + 86400 }));
    expect(await planOf(user.id)).toMatchObject({ tier: 'pro', status: 'canceled' });
    // The period (and its grace hour) ends with no renewal: the expiry sweep makes it free.
    const after = new Date((t0 + 86400) * 1000 + 3_600_001);
    await t.app.services.plans.expireDue(em(), after);
    expect(await planOf(user.id)).toMatchObject({ tier: 'free', status: 'canceled' });
  });
});

describe('Stripe not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes no card payments and has no webhook', async () => {
    const res = await supertest(t.baseUrl).post('/api/register').send({ username: 'nocards', password: 'password1' });
    const cookie = cookiePair(res.headers['set-cookie']);
    const checkout = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'mutation { startCheckout(tier: "pro") }' });
    expect(checkout.body.errors[0]).toMatchObject({ message: 'This server takes no card payments: redeem a plan code from your admin', extensions: { code: 'CONFLICT' } });
    expect((await supertest(t.baseUrl).post(STRIPE_WEBHOOK_PATH).set('content-type', 'application/json').send('{}')).status).toBe(404);
  });
});
