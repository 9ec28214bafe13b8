/**
 * The next page of a long list: loaded when the end of the list scrolls into view, or with the
 * "Load more" button (the same without a pointer, and where IntersectionObserver is missing).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import './LoadMore.css';

/** A page's place in its list, as cursor connections (and the library's song pages) answer it. */
export interface NextPageInfo {
  hasNextPage: boolean;
  endCursor?: string | null;
}

export interface NextPageLoader {
  hasMore: boolean;
  loading: boolean;
  load(): void;
}

/**
 * Loads the page after `pageInfo` with `fetchAfter` (a query's fetchMore), one at a time; a failure
 * is logged and leaves the button to try again.
 */
export function useNextPage(pageInfo: NextPageInfo | null | undefined, fetchAfter: (cursor: string) => Promise<unknown>, what: string): NextPageLoader {
  const [loading, setLoading] = useState(false);
  // The observer can fire twice before the loading state renders.
  const busy = useRef(false);
  const cursor = pageInfo?.hasNextPage ? (pageInfo.endCursor ?? null) : null;
  const load = useCallback(() => {
    if (!cursor || busy.current) return;
    busy.current = true;
    setLoading(true);
    fetchAfter(cursor)
      .catch((cause: unknown) => console.warn(`[${what}] next page failed`, cause))
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
  }, [cursor, fetchAfter, what]);
  return { hasMore: cursor !== null, loading, load };
}

/** Calls `load` when `target` comes within 400 px of the viewport. */
function useLoadWhenVisible(target: React.RefObject<Element | null>, enabled: boolean, load: () => void): void {
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled]);
}

/** The end of a list that has more: scrolling to it, or its button, loads the next page. */
export function LoadMore({ loader, label = 'Load more' }: { loader: NextPageLoader; label?: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadWhenVisible(sentinel, loader.hasMore && !loader.loading, loader.load);
  if (!loader.hasMore) return null;
  return (
    <div ref={sentinel} className="load-more">
      <button type="button" className="page__button" disabled={loader.loading} onClick={loader.load}>
        {loader.loading ? 'Loading...' : label}
      </button>
    </div>
  );
}
