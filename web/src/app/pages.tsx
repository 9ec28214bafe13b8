import type { ComponentType } from 'react';
import { HomePage } from '../home/HomePage';
import { LibraryPage } from '../library/LibraryPage';
import { LikedPage } from '../liked/LikedPage';
import { NowPlayingPage } from '../nowplaying/NowPlayingPage';
import { QueuePage } from '../queue/QueuePage';
import { StudioPage } from '../studio/StudioPage';
import { GenerationQueuePage } from '../generation/GenerationQueuePage';
import { SPEC_ROUTES, type SpecRoute } from './specRoutes';

/**
 * The built page for each SPEC route. A route without an entry is not mounted and shows the 404;
 * adding a page is one line here. /auth is handled by the auth gate, not by this table.
 */
const PAGE_BY_ROUTE: Partial<Record<Exclude<SpecRoute, '/auth'>, { Page: ComponentType; title: string }>> = {
  '/': { Page: HomePage, title: 'Home' },
  '/library': { Page: LibraryPage, title: 'Library' },
  '/liked': { Page: LikedPage, title: 'Liked Songs' },
  '/queue': { Page: QueuePage, title: 'Play Queue' },
  '/now-playing': { Page: NowPlayingPage, title: 'Now Playing' },
  '/studio': { Page: StudioPage, title: 'AI Studio' },
  '/generation-queue': { Page: GenerationQueuePage, title: 'Generation Queue' },
};

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
