import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { TIER_DISPLAY, normalizeTier } from '../shell/tiers';
import { toast } from '../ui/toastStore';
import { CANCEL_SUBSCRIPTION_MUTATION, PRICING_QUERY, REDEEM_PLAN_CODE_MUTATION } from './planOperations';
import { PlanCodesAdmin } from './PlanCodesAdmin';
import { TierLimitsList } from './TierLimitsList';
import { formatBytes, formatDate, formatLimit } from './format';
import './plans.css';

const STATUS_TEXT: Record<string, string> = { inactive: 'Inactive', active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

export function SubscriptionPage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const wanted = params.get('tier');
  const { data, error } = useQuery(PRICING_QUERY, { fetchPolicy: 'cache-and-network' });
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

  return (
    <div className="plans">
      <h1>Subscription</h1>
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
        {wanted && <p>To move to the {TIER_DISPLAY[normalizeTier(wanted)].label} plan, redeem a {TIER_DISPLAY[normalizeTier(wanted)].label} plan code from your admin.</p>}
        <p>This server takes no card payments: upgrade or downgrade by redeeming a plan code your admin gives you. A code for your current plan adds its time to it.</p>
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
