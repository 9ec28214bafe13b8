import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { TIER_DISPLAY, normalizeTier } from '../shell/tiers';
import { toast } from '../ui/toastStore';
import { CANCEL_SUBSCRIPTION_MUTATION, OPEN_BILLING_PORTAL_MUTATION, PRICING_QUERY, REDEEM_PLAN_CODE_MUTATION, START_CHECKOUT_MUTATION } from './planOperations';
import { PlanCodesAdmin } from './PlanCodesAdmin';
import { TierLimitsList } from './TierLimitsList';
import { formatBytes, formatDate, formatLimit, formatPrice } from './format';
import './plans.css';

const STATUS_TEXT: Record<string, string> = { inactive: 'Inactive', active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

export function SubscriptionPage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const wanted = params.get('tier');
  // Back from Stripe Checkout: the plan changes when Stripe's webhook arrives, so look again until then.
  const backFromCheckout = params.get('checkout') === 'done';
  const [polling, setPolling] = useState(backFromCheckout);
  const { data, error } = useQuery(PRICING_QUERY, { fetchPolicy: 'cache-and-network', pollInterval: polling ? 3000 : 0 });
  if (polling && data?.myPlan && data.myPlan.tier !== 'free') setPolling(false);
  const [leaving, setLeaving] = useState(false);
  const [checkout] = useMutation(START_CHECKOUT_MUTATION);
  const [portal] = useMutation(OPEN_BILLING_PORTAL_MUTATION);
  const [code, setCode] = useState('');
  // Plan has no id, so a mutation's answer does not update myPlan in the cache by itself.
  const [redeem, redeeming] = useMutation(REDEEM_PLAN_CODE_MUTATION, { refetchQueries: ['Pricing', 'StudioDefaults'] });
  const [cancel, canceling] = useMutation(CANCEL_SUBSCRIPTION_MUTATION, { refetchQueries: ['Pricing', 'StudioDefaults'] });
  const plan = data?.myPlan;
  if (!plan) return <div className="plans">{error ? <p role="alert">{error.message}</p> : <p>Loading your plan...</p>}</div>;
  const tierName = TIER_DISPLAY[normalizeTier(plan.tier)].label;
  const paid = plan.tier !== 'free' && plan.tier !== 'admin';

  const onRedeem = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data: redeemed } = await redeem({ variables: { code } });
      setCode('');
      toast({ title: 'Plan code redeemed', description: `You are on the ${TIER_DISPLAY[normalizeTier(redeemed?.redeemPlanCode.tier)].label} plan` });
    } catch (e) {
      toast({ title: 'Could not redeem the code', description: (e as Error).message, variant: 'destructive' });
    }
  };
  const onCancel = async () => {
    try {
      await cancel();
      toast({ title: 'Plan canceled', description: 'It stays until its end date, then becomes Free' });
    } catch (e) {
      toast({ title: 'Could not cancel', description: (e as Error).message, variant: 'destructive' });
    }
  };

  /** Card payments leave for Stripe's own pages (Checkout, the billing portal). */
  const goToStripe = async (open: () => Promise<string | undefined>) => {
    setLeaving(true);
    try {
      const url = await open();
      if (url) window.location.assign(url);
    } catch (e) {
      setLeaving(false);
      toast({ title: 'Could not reach the payment provider', description: (e as Error).message, variant: 'destructive' });
    }
  };
  const cards = plan.paymentProvider === 'stripe';
  const paidTiers = (data?.tiers ?? []).filter((tier) => tier.priceCents !== null && tier.priceCents > 0);

  return (
    <div className="plans">
      <h1>Subscription</h1>
      {backFromCheckout && (
        <p role="status">{polling ? 'Payment received: your plan starts as soon as Stripe confirms it...' : `Payment confirmed: you are on the ${tierName} plan.`}</p>
      )}
      <section className="plans__section" aria-label="Current plan">
        <h2>{tierName} plan</h2>
        <p>
          Status: <strong>{STATUS_TEXT[plan.status] ?? plan.status}</strong>
          {plan.expiresAt && (
            <>
              {' · '}
              {plan.status === 'active' ? 'Renews or ends' : 'Ends'} on {formatDate(plan.expiresAt)}
            </>
          )}
        </p>
        <TierLimitsList limits={plan.limits} />
      </section>

      <section className="plans__section" aria-label="Usage this month">
        <h2>This month</h2>
        <p>
          {plan.generationsThisMonth} of {formatLimit(plan.limits.monthlyGenerations)} generations used
          {plan.generationsLeft !== null && ` · ${plan.generationsLeft} left`} (the month resets on {formatDate(plan.monthEnd)}, {plan.timezone})
        </p>
        {plan.limits.monthlyGenerations !== null && (
          <meter className="plans__meter" min={0} max={plan.limits.monthlyGenerations} value={plan.generationsThisMonth} aria-label="Generations used this month" />
        )}
        <p>
          {plan.activeGenerations} of {formatLimit(plan.limits.concurrentJobs)} generations in progress · {formatBytes(plan.storageBytes)} of{' '}
          {plan.limits.storageBytes === null ? 'unlimited' : formatBytes(plan.limits.storageBytes)} storage
        </p>
      </section>

      <section className="plans__section" aria-label="Change plan">
        <h2>Change plan</h2>
        {cards && paid && plan.status !== 'inactive' ? (
          <>
            <p>Change your card, see your invoices, switch or cancel your plan in the billing portal.</p>
            <button type="button" className="button button--primary" disabled={leaving} onClick={() => void goToStripe(async () => (await portal()).data?.openBillingPortal)}>
              Manage billing
            </button>
          </>
        ) : cards ? (
          <div className="plans__checkout" role="group" aria-label="Pay by card">
            {paidTiers.map((tier) => {
              const label = TIER_DISPLAY[normalizeTier(tier.tier)].label;
              return (
                <button
                  key={tier.tier}
                  type="button"
                  className={tier.tier === wanted ? 'button button--primary' : 'button'}
                  disabled={leaving}
                  onClick={() => void goToStripe(async () => (await checkout({ variables: { tier: tier.tier } })).data?.startCheckout)}
                >
                  Subscribe to {label} ({formatPrice(tier.priceCents)})
                </button>
              );
            })}
          </div>
        ) : (
          <>
            {wanted && <p>To move to the {TIER_DISPLAY[normalizeTier(wanted)].label} plan, redeem a {TIER_DISPLAY[normalizeTier(wanted)].label} plan code from your admin.</p>}
            <p>This server takes no card payments: upgrade or downgrade by redeeming a plan code your admin gives you. A code for your current plan adds its time to it.</p>
          </>
        )}
        {cards && <p>Or redeem a plan code from your admin:</p>}
        <form className="plans__form" onSubmit={(event) => void onRedeem(event)}>
          <label>
            Plan code
            <input value={code} onChange={(event) => setCode(event.target.value)} placeholder="XXXX-XXXX-XXXX-XXXX" autoComplete="off" />
          </label>
          <button type="submit" className="button button--primary" disabled={code.trim() === '' || redeeming.loading}>
            Redeem
          </button>
        </form>
        {paid && plan.status !== 'canceled' && (
          <button type="button" className="button" disabled={canceling.loading} onClick={() => void onCancel()}>
            Cancel plan (downgrade to Free when it ends)
          </button>
        )}
      </section>

      {user.canAccessAdmin && <PlanCodesAdmin />}
    </div>
  );
}
