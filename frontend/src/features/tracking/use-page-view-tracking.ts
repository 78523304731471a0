import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ProductAnalytics } from './product-analytics';

/** Sends a `page` message whenever the path or the query string changes (spec section 2, "Page names for tracking"). */
export function usePageViewTracking(analytics: Pick<ProductAnalytics, 'page'>): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.searchStr });
  // The first page's referrer is where the visit came from; later ones, the page before inside the app.
  const previousUrl = useRef<string | null>(null);
  useEffect(() => {
    const url = `${window.location.origin}${pathname}${search}`;
    analytics.page({ path: pathname, search, url, referrer: previousUrl.current ?? (document.referrer || undefined), title: document.title || undefined });
    previousUrl.current = url;
  }, [pathname, search, analytics]);
}
