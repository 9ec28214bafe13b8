import { useEffect } from 'react';

export const APP_NAME = 'Songforge';

/** The tab title of a page: 'Library · Songforge'. */
export function pageTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

/** Sets the tab title while the calling page is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
