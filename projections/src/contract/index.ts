/**
 * The REST and socket contract: what the API answers and accepts, declared once. The web app imports
 * these types only, so nothing here may hold values.
 */
export type * from './call-views';
export type * from './discovery-views';
export type * from './account-views';
export type * from './analytics-views';
export type * from './realtime-views';
export type { CallAnalysisReport, CallMetrics, Evidence, Finding, Priority, Recommendation, RecommendationCategory, SatisfactionIndicator, Sentiment } from '../calls/call-report';
export type { AnsweredByData as AnsweredBy, CallKind, CallStatus, ConnectionStatus, TranscriptSegmentData as LiveTranscriptSegment } from '../calls/events';
export type { CallPhase, CallTimelineEntry } from '../calls/calls.projection';
export type { DiscoveryFailureReason, DiscoveryStatus } from '../discovery/events';
export type { OnboardingStep } from '../onboarding/events';
export type { ConversionSource } from '../analytics/events';
export type * from './workspace-views';
export type * from './content-views';
export type { PlanId } from '../workspace/events';
