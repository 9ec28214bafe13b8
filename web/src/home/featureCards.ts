import { AudioLines, Disc3, Heart, Library, ListChecks, ListMusic, ListOrdered, MicVocal, Radio, SunMoon, WandSparkles, type LucideIcon } from 'lucide-react';
import type { SpecRoute } from '../app/specRoutes';
import type { CurrentUser } from '../auth/session';
import { hasPermission, type PermissionFlag } from '../shell/permissions';

export interface FeatureCard {
  path: SpecRoute;
  title: string;
  description: string;
  icon: LucideIcon;
  permission?: PermissionFlag;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  { path: '/studio', title: 'AI Studio', description: 'Turn a prompt, genres and moods into a new song.', icon: WandSparkles, permission: 'canGenerateMusic' },
  { path: '/library', title: 'Your Library', description: 'Every song you made or saved, in one place.', icon: Library },
  { path: '/liked', title: 'Liked Songs', description: 'The tracks you keep coming back to.', icon: Heart },
  { path: '/radio-v2', title: 'Radio', description: 'Endless stations by genre.', icon: Radio },
  { path: '/smart-playlists', title: 'Smart Playlists', description: 'Playlists that fill themselves.', icon: ListMusic },
  { path: '/mood-curation', title: 'Mood & Time', description: 'Match the energy to the time of day.', icon: SunMoon },
  { path: '/dj', title: 'DJ Studio', description: 'A DJ plans your next hour in key and tempo, with a voice.', icon: Disc3, permission: 'canAccessDJ' },
  { path: '/generation-queue', title: 'Generation Queue', description: 'Follow your songs as they are made.', icon: ListChecks, permission: 'canGenerateMusic' },
  { path: '/artists', title: 'AI Artists', description: 'Meet the voices behind the music.', icon: MicVocal },
  { path: '/queue', title: 'Play Queue', description: 'What plays next, and what played before.', icon: ListOrdered },
  { path: '/now-playing', title: 'Now Playing', description: 'The song on air, full screen.', icon: AudioLines },
];

/** Cards the user can actually open: the page exists and the permission flag is exactly true. */
export function featureCardsFor(
  user: Pick<CurrentUser, PermissionFlag>,
  availableRoutes: ReadonlySet<SpecRoute>,
): FeatureCard[] {
  return FEATURE_CARDS.filter((card) => availableRoutes.has(card.path) && hasPermission(user, card.permission));
}
