import { Crown, Music, ShieldCheck, Sparkles, Star, Zap, type LucideIcon } from 'lucide-react';

export const TIERS = ['admin', 'premium', 'pro', 'basic', 'starter', 'free'] as const;
export type Tier = (typeof TIERS)[number];

interface TierDisplay {
  label: string;
  icon: LucideIcon;
}

/** Each tier's badge has its own icon here and its own colour in TierBadge.css (SPEC 6). */
export const TIER_DISPLAY: Record<Tier, TierDisplay> = {
  admin: { label: 'Admin', icon: ShieldCheck },
  premium: { label: 'Premium', icon: Crown },
  pro: { label: 'Pro', icon: Zap },
  basic: { label: 'Basic', icon: Star },
  starter: { label: 'Starter', icon: Sparkles },
  free: { label: 'Free', icon: Music },
};

/** SPEC 6: any tier other than the five paid/admin ones is treated as free. */
export function normalizeTier(userTier: string | null | undefined): Tier {
  const candidate = (userTier ?? '').trim().toLowerCase();
  return (TIERS as readonly string[]).includes(candidate) ? (candidate as Tier) : 'free';
}
