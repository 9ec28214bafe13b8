import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { PRICING_QUERY } from './planOperations';
import { TierLimitsList } from './TierLimitsList';
import { formatPrice } from './format';
import { TIER_DISPLAY, normalizeTier } from '../shell/tiers';
import './plans.css';

const RANK = ['free', 'starter', 'basic', 'pro', 'premium', 'admin'];

export function PricingPage() {
  const { data, loading, error } = useQuery(PRICING_QUERY, { fetchPolicy: 'cache-and-network' });
  const tiers = data?.tiers ?? [];
  const plan = data?.myPlan;
  const current = plan ? normalizeTier(plan.tier) : null;
  return (
    <div className="plans">
      <h1>Pricing</h1>
      {loading && !data && <p>Loading plans...</p>}
      {error && !data && <p role="alert">{error.message}</p>}
      <ul className="plans__cards">
        {tiers
          .filter((tier) => tier.priceCents !== null || tier.tier === current)
          .map((tier) => {
            const isCurrent = tier.tier === current;
            const direction = current && RANK.indexOf(tier.tier) > RANK.indexOf(current) ? 'Upgrade' : 'Downgrade';
            return (
              <li key={tier.tier} className="plans__card" data-current={isCurrent} aria-label={`${TIER_DISPLAY[normalizeTier(tier.tier)].label} plan`}>
                <h2>{TIER_DISPLAY[normalizeTier(tier.tier)].label}</h2>
                <p className="plans__price">{formatPrice(tier.priceCents)}</p>
                <TierLimitsList limits={tier} />
                {isCurrent ? (
                  <p className="plans__current">Current plan</p>
                ) : tier.tier === 'free' ? (
                  <Link className="button" to="/subscription">
                    Downgrade (cancel your plan)
                  </Link>
                ) : (
                  <Link className="button button--primary" to={`/subscription?tier=${tier.tier}`}>
                    {direction} to {TIER_DISPLAY[normalizeTier(tier.tier)].label}
                  </Link>
                )}
              </li>
            );
          })}
      </ul>
    </div>
  );
}
