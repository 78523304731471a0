import { useCallback, useEffect, useState } from 'react';

export const CAROUSEL_ADVANCE_MS = 5000;

/**
 * The active index of a carousel that moves on every `intervalMs`; choosing a step by hand
 * restarts the wait. Pausing stops it until resumed.
 */
export function useAutoAdvance(count: number, intervalMs = CAROUSEL_ADVANCE_MS, paused = false) {
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (paused || count < 2) return undefined;
    const timer = setTimeout(() => setActive((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [active, count, intervalMs, paused]);

  const select = useCallback((index: number) => setActive(((index % count) + count) % count), [count]);
  const next = useCallback(() => setActive((current) => (current + 1) % count), [count]);
  const previous = useCallback(() => setActive((current) => (current - 1 + count) % count), [count]);

  return { active, select, next, previous };
}
