import { useEffect, useRef } from 'react';

export interface InfiniteScrollOptions {
  /** More can be loaded (the last page said hasMore). */
  hasMore: boolean;
  /** A page is loading; nothing new starts meanwhile. */
  loading: boolean;
  onLoadMore: () => void;
  /** Start loading this far before the end comes into view. */
  rootMargin?: string;
}

/**
 * Infinite scrolling: returns a ref for a sentinel element placed after the last item; when it comes into
 * view the next page loads. Without IntersectionObserver the caller shows a "load more" button instead.
 */
export function useInfiniteScroll<T extends Element>({ hasMore, loading, onLoadMore, rootMargin = '400px' }: InfiniteScrollOptions) {
  const sentinel = useRef<T | null>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, rootMargin]);

  return { sentinel, supported: typeof IntersectionObserver !== 'undefined' };
}
