import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { TrackEventPayload, TrackEventResponse } from '../../api/analytics-api';
import { pageNameFor } from './page-name';

export type PageViewSender = (payload: TrackEventPayload) => Promise<TrackEventResponse | unknown>;

/** Records a page view whenever the path or the query string changes (spec section 4). */
export function usePageViewTracking(send: PageViewSender): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useRouterState({ select: (state) => state.location.searchStr });
  useEffect(() => {
    const name = pageNameFor(pathname);
    send({
      event_type: 'page',
      event_name: name,
      event_data: { path: pathname, search, page_name: name },
      url: `${window.location.origin}${pathname}${search}`,
      timestamp: new Date().toISOString(),
    }).catch((error: unknown) => {
      console.warn('Page view could not be recorded', error instanceof Error ? error.message : error);
    });
  }, [pathname, search, send]);
}
