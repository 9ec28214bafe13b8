import { lazy, type ComponentType } from 'react';
import { SPEC_ROUTES, type SpecRoute } from './specRoutes';

/** A page module's named component, loaded on first render (a chunk of its own). */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/**
 * The built page for each SPEC route. A route without an entry is not mounted and shows the 404;
 * adding a page is one line here. /auth is handled by the auth gate, not by this table.
 * Pages load lazily (their own chunks), so the first load is the shell, the player and the current page.
 */
const PAGE_BY_ROUTE: Partial<Record<Exclude<SpecRoute, '/auth'>, { Page: ComponentType; title: string }>> = {
  '/': { Page: lazyPage(() => import('../home/HomePage'), 'HomePage'), title: 'Home' },
  '/library': { Page: lazyPage(() => import('../library/LibraryPage'), 'LibraryPage'), title: 'Library' },
  '/liked': { Page: lazyPage(() => import('../liked/LikedPage'), 'LikedPage'), title: 'Liked Songs' },
  '/queue': { Page: lazyPage(() => import('../queue/QueuePage'), 'QueuePage'), title: 'Play Queue' },
  '/now-playing': { Page: lazyPage(() => import('../nowplaying/NowPlayingPage'), 'NowPlayingPage'), title: 'Now Playing' },
  '/studio': { Page: lazyPage(() => import('../studio/StudioPage'), 'StudioPage'), title: 'AI Studio' },
  '/generation-queue': { Page: lazyPage(() => import('../generation/GenerationQueuePage'), 'GenerationQueuePage'), title: 'Generation Queue' },
  '/smart-playlists': { Page: lazyPage(() => import('../smart-playlists/SmartPlaylistsPage'), 'SmartPlaylistsPage'), title: 'Smart Playlists' },
  '/song-management': { Page: lazyPage(() => import('../song-management/SongManagementPage'), 'SongManagementPage'), title: 'Song Management' },
  '/admin': { Page: lazyPage(() => import('../admin/AdminPage'), 'AdminPage'), title: 'Admin Panel' },
  '/admin/database-sync': { Page: lazyPage(() => import('../admin/DatabaseSyncPage'), 'DatabaseSyncPage'), title: 'Database Sync' },
  '/admin/ai-enhancement': { Page: lazyPage(() => import('../admin/EnhancementPage'), 'EnhancementPage'), title: 'AI Enhancement' },
  '/pricing': { Page: lazyPage(() => import('../plans/PricingPage'), 'PricingPage'), title: 'Pricing' },
  '/subscription': { Page: lazyPage(() => import('../plans/SubscriptionPage'), 'SubscriptionPage'), title: 'Subscription' },
  '/usage-breakdown': { Page: lazyPage(() => import('../usage/UsagePage'), 'UsagePage'), title: 'AI Usage & Costs' },
  '/radio': { Page: lazyPage(() => import('../radio/RadioPage'), 'RadioPage'), title: 'Radio Stations' },
  '/radio-v2': { Page: lazyPage(() => import('../radio/RadioV2Page'), 'RadioV2Page'), title: 'Radio' },
  '/mood-curation': { Page: lazyPage(() => import('../mood/MoodCurationPage'), 'MoodCurationPage'), title: 'Mood & Time' },
  '/dj': { Page: lazyPage(() => import('../dj/DjStudioPage'), 'DjStudioPage'), title: 'DJ Studio' },
  '/profile': { Page: lazyPage(() => import('../profile/ProfilePage'), 'ProfilePage'), title: 'Profile' },
  '/settings': { Page: lazyPage(() => import('../settings/SettingsPage'), 'SettingsPage'), title: 'Settings' },
  '/account': { Page: lazyPage(() => import('../account/AccountPage'), 'AccountPage'), title: 'Account' },
  '/artists': { Page: lazyPage(() => import('../artists/ArtistsPage'), 'ArtistsPage'), title: 'AI Artists' },
};

/** A playlist's page (its share link, the one route with a parameter), lazy like the others. */
export const PlaylistPage = lazyPage(() => import('../playlists/PlaylistPage'), 'PlaylistPage');
/** /developers: the public API's documentation, open signed in or out. */
export const DevelopersPage = lazyPage(() => import('../developers/DevelopersPage'), 'DevelopersPage');
/** An AI Artist's page (/artists/:id); it titles the tab with the artist's name. */
export const ArtistPage = lazyPage(() => import('../artists/ArtistPage'), 'ArtistPage');

export interface MountedPage {
  path: SpecRoute;
  Page: ComponentType;
  /** The tab title's page part ('Library' in 'Library · Songforge'). */
  title: string;
}

export const MOUNTED_PAGES: readonly MountedPage[] = SPEC_ROUTES.flatMap((path) => {
  const entry = path === '/auth' ? undefined : PAGE_BY_ROUTE[path];
  return entry ? [{ path, ...entry }] : [];
});

export const AVAILABLE_ROUTES: ReadonlySet<SpecRoute> = new Set(MOUNTED_PAGES.map(({ path }) => path));
