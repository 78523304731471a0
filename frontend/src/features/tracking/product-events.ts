import type { ConversionCompleted } from '../auth/sign-in-effects/post-signup-redirect';

/** The analysis tabs by their tracked names (spec section 2). */
export type AnalysisTab = 'overview' | 'transcript' | 'metrics' | 'recommendations';

/**
 * The main funnel, in order (spec section 7, "Funnel Step"): a business searched, one of the results picked,
 * its call started, an account made. `Funnel Step` goes with the event that marks each step.
 */
export const MAIN_FUNNEL = ['search', 'select', 'call', 'sign-up'] as const;
export type FunnelStepName = (typeof MAIN_FUNNEL)[number];

/** Product analytics events (spec section 7, "Third-party analytics") and their properties. */
export interface ProductEvents {
  'User Signed Up': { method: string; userId: string };
  'User Logged In': { method: string; userId: string };
  'Business Search': { query: string; location: string; resultsCount: number };
  'Business Selected': { businessId: string; businessName: string; source: string; ranking: number; searchQuery: string };
  /** `callType` is 'ai' unless given. */
  'Call Initiated': { businessId: string; callType?: string };
  /** Once per call, when its owner sees it end; `duration` in seconds. */
  'Call Completed': { callId: string; duration: number | null; outcome: string; businessId: string | null };
  'CTA Clicked': { ctaName: string; ctaLocation: string; destination: string | null };
  /** `funnelName` is 'main' unless given. */
  'Funnel Step': { stepName: string; stepNumber: number; funnelName?: string };
  /** `errorMessage` is cut to 500 characters on the way out. */
  'Error Occurred': { errorType: string; errorMessage: string };
  'Milestone Reached': { milestoneName: string; value: number | string; timestamp: string };
  call_analysis_viewed: { call_id: string; overall_score: number };
  analysis_tab_viewed: { call_id: string; tab: AnalysisTab };
  /** Where a sign-up came from and where it goes next (sign-in effects). */
  conversion_completed: ConversionCompleted;
  /** Fingerprint monitoring, sampled at 0.1 %: how long it took and whether the canvas failed. Never the fingerprint. */
  'Fingerprint Computed': { durationMs: number; fallback: boolean };
}

export type ProductEventName = keyof ProductEvents;

/** The values an event takes when the caller leaves them out (spec section 7: callType "ai", funnelName "main"). */
export const EVENT_DEFAULTS: { [K in ProductEventName]?: Partial<ProductEvents[K]> } = {
  'Call Initiated': { callType: 'ai' },
  'Funnel Step': { funnelName: 'main' },
};

/** `Funnel Step`'s properties for a step of the main funnel. */
export function funnelStep(step: FunnelStepName): ProductEvents['Funnel Step'] {
  return { stepName: step, stepNumber: MAIN_FUNNEL.indexOf(step) + 1, funnelName: 'main' };
}

/** Anything tracking can send: a product event with its properties. */
export type TrackFn = <K extends ProductEventName>(name: K, properties: ProductEvents[K]) => void;
