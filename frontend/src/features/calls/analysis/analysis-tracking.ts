import type { ApiClient } from '../../../api/api-client';
import { createAnalyticsApi } from '../../../api/analytics-api';

/** The analysis tabs by their tracked names (spec section 2). */
export type AnalysisTab = 'overview' | 'transcript' | 'metrics' | 'recommendations';

export interface AnalysisEvents {
  call_analysis_viewed: { call_id: string; overall_score: number };
  analysis_tab_viewed: { call_id: string; tab: AnalysisTab };
}

/** Records an analysis event through track-event; a failure is logged and ignored (spec section 8). */
export function trackAnalysisEvent<K extends keyof AnalysisEvents>(client: ApiClient, name: K, data: AnalysisEvents[K]): void {
  createAnalyticsApi(client)
    .trackEvent({
      event_type: 'track',
      event_name: name,
      event_data: { ...data },
      url: typeof window === 'undefined' ? undefined : window.location.href,
      timestamp: new Date().toISOString(),
    })
    .catch((error: unknown) => {
      console.warn(`${name} could not be recorded`, error instanceof Error ? error.message : error);
    });
}
