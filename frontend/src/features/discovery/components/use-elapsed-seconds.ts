import { useEffect, useState } from 'react';

const secondsSince = (startedAt: number): number => Math.max(0, Math.floor((Date.now() - startedAt) / 1000));

/** Whole seconds since `startedAt`, updated every second. */
export function useElapsedSeconds(startedAt: number): number {
  const [elapsed, setElapsed] = useState(() => secondsSince(startedAt));
  useEffect(() => {
    setElapsed(secondsSince(startedAt));
    const timer = setInterval(() => setElapsed(secondsSince(startedAt)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return elapsed;
}
