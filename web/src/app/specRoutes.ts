/** Every route of SPEC 2. Only those with a built page are mounted (see app/pages.tsx). */
export const SPEC_ROUTES = [
  '/',
  '/library',
  '/liked',
  '/queue',
  '/radio',
  '/radio-v2',
  '/pricing',
  '/subscription',
  '/usage-breakdown',
  '/now-playing',
  '/studio',
  '/profile',
  '/settings',
  '/account',
  '/dj',
  '/auth',
  '/smart-playlists',
  '/mood-curation',
  '/artists',
  '/song-management',
  '/generation-queue',
  '/admin',
  '/admin/database-sync',
  '/admin/ai-enhancement',
] as const;

export type SpecRoute = (typeof SPEC_ROUTES)[number];
