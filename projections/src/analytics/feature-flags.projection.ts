import { defineProjection } from '../projection';
import type { FeatureFlagDefinedData } from './events';

export interface FeatureFlagDocument {
  _id: string;
  flagId: string;
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
  updatedAt: string;
  [key: string]: unknown;
}

/** The current definition of every feature flag, keyed by flag name. */
export const featureFlagsProjection = defineProjection<FeatureFlagDocument>({
  name: 'feature_flags',
  version: 1,
  handles: ['FeatureFlagDefined'],
  documentId: (event) => (event.data as FeatureFlagDefinedData).name,
  evolve(_doc, event) {
    const data = event.data as FeatureFlagDefinedData;
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
