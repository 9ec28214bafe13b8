import {
  AudioLines,
  ChartColumn,
  CreditCard,
  Disc3,
  Heart,
  KeyRound,
  House,
  Library,
  ListChecks,
  ListMusic,
  ListOrdered,
  MicVocal,
  Radio,
  Settings,
  ShieldCheck,
  SunMoon,
  User,
  WandSparkles,
  type LucideIcon,
} from 'lucide-react';
import type { SpecRoute } from '../app/specRoutes';
import type { CurrentUser } from '../auth/session';
import { hasPermission, type PermissionFlag } from './permissions';

export interface NavItem {
  label: string;
  path: SpecRoute;
  icon: LucideIcon;
  permission?: PermissionFlag;
}

export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', path: '/', icon: House },
  { label: 'Your Library', path: '/library', icon: Library },
  { label: 'Smart Playlists', path: '/smart-playlists', icon: ListMusic },
  { label: 'Mood & Time', path: '/mood-curation', icon: SunMoon },
  { label: 'Radio', path: '/radio-v2', icon: Radio },
  { label: 'Play Queue', path: '/queue', icon: ListOrdered },
];

export const LIBRARY_NAV: readonly NavItem[] = [
  { label: 'Liked Songs', path: '/liked', icon: Heart },
  { label: 'AI Studio', path: '/studio', icon: WandSparkles, permission: 'canGenerateMusic' },
  { label: 'Generation Queue', path: '/generation-queue', icon: ListChecks, permission: 'canGenerateMusic' },
  { label: 'AI Artists', path: '/artists', icon: MicVocal },
  { label: 'DJ Studio', path: '/dj', icon: Disc3, permission: 'canAccessDJ' },
  { label: 'Now Playing', path: '/now-playing', icon: AudioLines },
];

export const USER_MENU_NAV: readonly NavItem[] = [
  { label: 'Profile', path: '/profile', icon: User },
  { label: 'Settings', path: '/settings', icon: Settings },
  { label: 'Account', path: '/account', icon: KeyRound },
  { label: 'Subscription', path: '/subscription', icon: CreditCard },
  { label: 'AI Usage & Costs', path: '/usage-breakdown', icon: ChartColumn },
  { label: 'Admin Panel', path: '/admin', icon: ShieldCheck, permission: 'canAccessAdmin' },
];

export function navItemsFor(items: readonly NavItem[], user: Pick<CurrentUser, PermissionFlag>): NavItem[] {
  return items.filter((item) => hasPermission(user, item.permission));
}
