import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planLabel, TierBadge } from './TierBadge';
import { normalizeTier, TIER_DISPLAY, TIERS } from './tiers';

describe('tiers', () => {
  it.each([
    ['admin', 'admin'],
    ['premium', 'premium'],
    ['pro', 'pro'],
    ['basic', 'basic'],
    ['starter', 'starter'],
    ['free', 'free'],
    ['PRO', 'pro'],
    ['enterprise', 'free'],
    ['', 'free'],
    [null, 'free'],
    [undefined, 'free'],
  ])('normalizeTier(%j) -> %s', (input, expected) => {
    expect(normalizeTier(input)).toBe(expected);
  });

  it('gives every tier its own icon', () => {
    const icons = new Set(TIERS.map((tier) => TIER_DISPLAY[tier].icon));
    expect(icons.size).toBe(TIERS.length);
  });

  it('labels the plan', () => {
    expect(planLabel('premium')).toBe('Premium Plan');
    expect(planLabel('gold')).toBe('Free Plan');
  });
});

describe('TierBadge', () => {
  it.each(TIERS)('renders the %s badge with its tier colour hook and icon', (tier) => {
    const { container } = render(<TierBadge userTier={tier} suffix="TIER" />);
    const badge = container.querySelector('.tier-badge');
    expect(badge).toHaveAttribute('data-tier', tier);
    expect(badge).toHaveTextContent(`${TIER_DISPLAY[tier].label.toUpperCase()} TIER`);
    expect(badge?.querySelector('svg')).not.toBeNull();
  });

  it('renders an unknown tier as free', () => {
    const { container } = render(<TierBadge userTier="platinum" />);
    expect(container.querySelector('.tier-badge')).toHaveAttribute('data-tier', 'free');
    expect(container.querySelector('.tier-badge')).toHaveTextContent(/^FREE$/);
  });
});
