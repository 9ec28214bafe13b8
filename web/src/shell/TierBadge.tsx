import { normalizeTier, TIER_DISPLAY } from './tiers';
import './TierBadge.css';

interface TierBadgeProps {
  userTier: string | null | undefined;
  /** 'TIER' renders e.g. "PRO TIER" (user menu); omitted renders just "PRO". */
  suffix?: 'TIER';
  size?: 'sm' | 'md';
}

export function TierBadge({ userTier, suffix, size = 'sm' }: TierBadgeProps) {
  const tier = normalizeTier(userTier);
  const { label, icon: Icon } = TIER_DISPLAY[tier];
  const text = suffix ? `${label} ${suffix}` : label;
  return (
    <span className="tier-badge" data-tier={tier} data-size={size}>
      <Icon className="tier-badge__icon" aria-hidden size={size === 'md' ? 14 : 12} />
      <span className="tier-badge__label">{text.toUpperCase()}</span>
    </span>
  );
}

/** "Pro Plan": the tier label as shown next to the avatar. */
export function planLabel(userTier: string | null | undefined): string {
  return `${TIER_DISPLAY[normalizeTier(userTier)].label} Plan`;
}
