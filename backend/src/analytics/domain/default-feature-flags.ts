/** Flags the product ships with. Changing one here records a new FeatureFlagDefined event at start-up. */
export interface FeatureFlagDefault {
  name: string;
  enabled: boolean;
  config: Record<string, unknown>;
}

export const defaultFeatureFlags: readonly FeatureFlagDefault[] = [
  { name: 'realtime_updates', enabled: true, config: { transport: 'socket.io', polling_fallback: true } },
  { name: 'sandbox_calls', enabled: true, config: {} },
  {
    name: 'anonymous_preview',
    enabled: true,
    config: { preview_fields: ['connection_status', 'attempts_before_pickup', 'first_call_success'] },
  },
  // The spec: premium access always evaluates to false (payment is not implemented).
  { name: 'premium_access', enabled: false, config: {} },
];
