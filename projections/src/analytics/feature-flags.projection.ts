import { type EventsOf, pickEvents } from '../domain-events';
import { defineProjection } from '../projection';
import { ANALYTICS_EVENTS } from './events';

export interface FeatureFlagDocument {
  _id: string;
  flagId: string;
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
  updatedAt: string;
  [key: string]: unknown;
}

const FEATURE_FLAGS_READS = pickEvents(ANALYTICS_EVENTS, 'FeatureFlagDefined');

/** The current definition of every feature flag, keyed by flag name. */
export const featureFlagsProjection = defineProjection<FeatureFlagDocument, EventsOf<typeof FEATURE_FLAGS_READS>>({
  name: 'feature_flags',
  version: 1,
  events: FEATURE_FLAGS_READS,
  documentId: (event) => event.data.name,
  evolve(_doc, event) {
    const data = event.data;
    return {
      _id: data.name,
      flagId: data.flagId,
      name: data.name,
      enabled: data.enabled,
      config: data.config,
      updatedAt: event.metadata.occurredAt,
    };
  },
});
