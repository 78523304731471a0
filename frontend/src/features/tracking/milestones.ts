import type { KeyValueStorage } from '../anonymous/browser-storage';
import type { ProductAnalytics } from './product-analytics';

const REACHED_KEY = 'rc_milestones_reached';

/** Milestones worth a `Milestone Reached` (spec section 7), each once per browser. */
export type MilestoneName = 'first_call_completed' | 'first_location';

function reached(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(REACHED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Tracks `Milestone Reached` the first time `name` is reached in this browser; false when it was reached
 * before. Only counted while analytics runs, so a milestone reached before consent is not claimed later.
 */
export function reachMilestone(
  analytics: Pick<ProductAnalytics, 'track' | 'enabled'>,
  storage: KeyValueStorage,
  name: MilestoneName,
  value: number | string,
  now: number = Date.now(),
): boolean {
  if (!analytics.enabled) return false;
  const done = reached(storage);
  if (done.includes(name)) return false;
  try {
    storage.setItem(REACHED_KEY, JSON.stringify([...done, name]));
  } catch {
    // Storage refused: the milestone may be tracked again on another page load, which is harmless.
  }
  analytics.track('Milestone Reached', { milestoneName: name, value, timestamp: new Date(now).toISOString() });
  return true;
}
