import type { AnalyticsApi } from '../../../api/analytics-api';
import { recordEvent } from '../../tracking/product-events';

/** The analysis tabs by their tracked names (spec section 2). */
export type AnalysisTab = 'overview' | 'transcript' | 'metrics' | 'recommendations';

export interface AnalysisEvents {
  call_analysis_viewed: { call_id: string; overall_score: number };
  analysis_tab_viewed: { call_id: string; tab: AnalysisTab };
}

export function trackAnalysisEvent<K extends keyof AnalysisEvents>(analytics: Pick<AnalyticsApi, 'trackEvent'>, name: K, data: AnalysisEvents[K]): void {
  recordEvent(analytics, name, data);
}
