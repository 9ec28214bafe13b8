import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError, badInput } from '../common/errors.js';
import { lazy } from '../common/lazy.js';
import { parseInput } from '../common/validation.js';
import type { StripeSettings } from '../config/config.js';
import { User } from '../users/user.entity.js';
import type { PaymentProvider } from './payments.js';
import type { PlanService, SubscriptionStatus } from './plan.service.js';
import { StripeCustomer } from './stripe-customer.entity.js';
import { SubscriptionEvent } from './subscription-event.entity.js';
import { PAID_TIERS, TIER_LIMITS, tierInForce } from './tiers.js';

const tierSchema = z.enum(PAID_TIERS, { error: `Tier must be one of ${PAID_TIERS.join(', ')}` });

/** Stripe renews at the period's end and tells us at once; an hour's grace covers a late webhook. */
const RENEWAL_GRACE_MS = 3_600_000;

/**
 * Card payments with the official Stripe SDK: Checkout for a new subscription (priced from the tier
 * table, so /pricing and Stripe always agree), the customer portal for cards, invoices and
 * cancelling. The plan itself changes only through signed webhooks (StripeWebhooks).
 */
export class StripePayments implements PaymentProvider {
  readonly kind = 'stripe' as const;
  /** The SDK client, made at the first payment call (the SDK takes a noticeable part of start-up). */
  readonly stripe = lazy(async () => {
    const { default: StripeClient } = await import('stripe');
    return new StripeClient(this.settings.secretKey, { telemetry: false, maxNetworkRetries: 2, ...this.settings.api });
  });

  constructor(private readonly settings: StripeSettings) {}

  async checkout(em: EntityManager, user: User, input: string): Promise<string> {
    const tier = parseInput(tierSchema, input);
    const customer = await this.customerFor(em, user);
    const owner = await em.findOneOrFail(User, { id: user.id }, { refresh: true });
    if (customer.subscriptionId && tierInForce(owner) !== 'free') {
      throw new AppError('CONFLICT', 'You already pay for a plan: change or cancel it in the billing portal');
    }
    const session = await (await this.stripe()).checkout.sessions.create({
      mode: 'subscription',
      customer: customer.customerId,
      client_reference_id: String(user.id),
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: TIER_LIMITS[tier].priceCents!, recurring: { interval: 'month' }, product_data: { name: `Songforge ${tier[0]!.toUpperCase()}${tier.slice(1)}` } },
        },
      ],
      subscription_data: { metadata: { userId: String(user.id), tier } },
      success_url: `${this.base}/subscription?checkout=done`,
      cancel_url: `${this.base}/pricing`,
    });
    if (!session.url) throw new AppError('INTERNAL_SERVER_ERROR', 'Stripe did not return a checkout page');
    return session.url;
  }

  async portal(em: EntityManager, user: User): Promise<string> {
    const customer = await em.findOne(StripeCustomer, { user: user.id });
    if (!customer) throw new AppError('CONFLICT', 'You have no billing account yet: choose a plan first');
    const session = await (await this.stripe()).billingPortal.sessions.create({ customer: customer.customerId, return_url: `${this.base}/subscription` });
    return session.url;
  }

  async stopRenewal(em: EntityManager, user: User): Promise<boolean> {
    const customer = await em.findOne(StripeCustomer, { user: user.id });
    if (!customer?.subscriptionId) return false;
    await (await this.stripe()).subscriptions.update(customer.subscriptionId, { cancel_at_period_end: true });
    return true;
  }

  /** Verifies a webhook's signature and returns its event (BAD_USER_INPUT when it does not check out). */
  async verify(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
    if (!signature) throw badInput('Missing Stripe-Signature header');
    const stripe = await this.stripe();
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw badInput('Invalid Stripe signature');
    }
  }

  private get base(): string {
    return this.settings.returnBase.replace(/\/+$/, '');
  }

  /** The user's Stripe customer, created once (an idempotency key makes racing first checkouts create one). */
  private async customerFor(em: EntityManager, user: User): Promise<StripeCustomer> {
    const existing = await em.findOne(StripeCustomer, { user: user.id });
    if (existing) return existing;
    const created = await (await this.stripe()).customers.create(
      { email: user.email ?? undefined, name: user.username, metadata: { userId: String(user.id) } },
      { idempotencyKey: `songforge-customer-${user.id}` },
    );
    try {
      return await em.fork().transactional(async (tx) => tx.create(StripeCustomer, { user: tx.getReference(User, user.id), customerId: created.id }));
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      return em.findOneOrFail(StripeCustomer, { user: user.id }, { refresh: true });
    }
  }
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted', 'customer.subscription.paused', 'customer.subscription.resumed']);

/**
 * Applies Stripe's subscription events to plans, once each and in order: an event id already
 * recorded is a replay; an event older than one already applied to the same subscription, or about
 * a subscription that has ended, is stale (Stripe does not deliver in order). Both answer 200 and
 * change nothing.
 */
export class StripeWebhooks {
  constructor(
    private readonly payments: StripePayments,
    private readonly plans: PlanService,
  ) {}

  async handle(em: EntityManager, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const event = await this.payments.verify(rawBody, signature);
    if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
    const subscription = event.data.object as Stripe.Subscription;
    const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const at = new Date(event.created * 1000);
    const outcome = await em.transactional(async (tx): Promise<{ outcome: WebhookOutcome; userId?: number }> => {
      const customer = await tx.findOne(StripeCustomer, { customerId });
      if (!customer) return { outcome: 'ignored' };
      // The user's row lock orders concurrent deliveries for them; the unique event id is the backstop.
      const owner = await tx.findOneOrFail(User, { id: customer.user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (await tx.count(SubscriptionEvent, { externalId: event.id })) return { outcome: 'duplicate' };
      const newer = await tx.count(SubscriptionEvent, { externalObjectId: subscription.id, $or: [{ externalAt: { $gt: at } }, { tier: 'free' }] });
      if (newer) return { outcome: 'stale' };
      const plan = planOf(subscription, at);
      if (!plan) return { outcome: 'ignored' };
      // The end of an older subscription says nothing about the one in force now.
      if (plan.tier === 'free' && customer.subscriptionId && customer.subscriptionId !== subscription.id) return { outcome: 'ignored' };
      this.plans.applyPlan(tx, owner, plan, 'stripe', { externalId: event.id, externalObjectId: subscription.id, externalAt: at });
      customer.subscriptionId = plan.tier === 'free' ? null : subscription.id;
      return { outcome: 'applied', userId: owner.id };
    });
    if (outcome.userId) await this.plans.announce(em, outcome.userId);
    return outcome.outcome;
  }
}

/** What a subscription in this state means for the plan; null: nothing to apply yet (payment not made). */
function planOf(subscription: Stripe.Subscription, at: Date): { tier: string; status: SubscriptionStatus; expiresAt: Date | null } | null {
  const periodEnd = Math.max(0, ...subscription.items.data.map((item) => item.current_period_end ?? 0));
  const paidUntil = periodEnd ? new Date(periodEnd * 1000 + RENEWAL_GRACE_MS) : null;
  switch (subscription.status) {
    case 'active':
    case 'trialing': {
      const tier = tierOf(subscription);
      if (!tier) return null;
      const ending = subscription.cancel_at_period_end || subscription.cancel_at !== null;
      return { tier, status: ending ? 'canceled' : 'active', expiresAt: ending && subscription.cancel_at ? new Date(subscription.cancel_at * 1000) : paidUntil };
    }
    case 'past_due': {
      const tier = tierOf(subscription);
      return tier ? { tier, status: 'past_due', expiresAt: paidUntil } : null;
    }
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return { tier: 'free', status: subscription.status === 'canceled' ? 'canceled' : 'inactive', expiresAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : at };
    default:
      return null;
  }
}

/**
 * The tier paid for: by the price's amount (a plan changed in the portal keeps the checkout's
 * metadata), else the tier named at checkout.
 */
function tierOf(subscription: Stripe.Subscription): string | null {
  const amount = subscription.items.data[0]?.price.unit_amount;
  const byPrice = PAID_TIERS.find((tier) => TIER_LIMITS[tier].priceCents === amount);
  if (byPrice) return byPrice;
  const named = subscription.metadata?.tier;
  return (PAID_TIERS as readonly string[]).includes(named ?? '') ? named! : null;
}
