import type { FingerprintOutcome } from '../anonymous/fingerprint';
import { FINGERPRINT_MONITORING_SAMPLE_RATE } from './analytics-limits';
import type { ProductEvents } from './product-events';

export interface FingerprintMonitoringDeps {
  /** Milliseconds, e.g. `performance.now`. */
  now(): number;
  /** In [0, 1). */
  random(): number;
  report(properties: ProductEvents['Fingerprint Computed']): void;
}

/**
 * Computes the fingerprint and, for 0.1 % of computations (spec section 9), reports how long it took and
 * whether the fallback hash stood in: enough to watch it across browsers. The fingerprint itself is never sent.
 */
export function monitoredFingerprint(compute: () => FingerprintOutcome, deps: FingerprintMonitoringDeps): string {
  const started = deps.now();
  const outcome = compute();
  if (deps.random() < FINGERPRINT_MONITORING_SAMPLE_RATE) {
    deps.report({ durationMs: Math.max(0, Math.round(deps.now() - started)), fallback: outcome.fallback });
  }
  return outcome.fingerprint;
}
