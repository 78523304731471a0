import { useEffect, useRef } from 'react';
import type { Call } from '../../../api/calls-api';
import { useAuth } from '../../auth/auth-context';
import { ACCESS_RECHECK_ATTEMPTS, ACCESS_RECHECK_INTERVAL_MS } from '../call-constants';

type Refetch = (options: { cancelRefetch: boolean }) => Promise<{ data?: Call }>;

/**
 * After sign-in the anonymous profile is linked a little later: the call is read again every 2 s, up
 * to 5 times, until it shows in full. (Sign-out needs nothing here: every query is read again then.)
 */
export function useAccessRecheck(refetch: Refetch): void {
  const userId = useAuth().user?.id ?? null;
  const shownFor = useRef(userId);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });

  useEffect(() => {
    if (shownFor.current === userId) return undefined;
    shownFor.current = userId;
    if (!userId) return undefined;
    let stopped = false;
    void (async () => {
      for (let attempt = 0; attempt < ACCESS_RECHECK_ATTEMPTS; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, ACCESS_RECHECK_INTERVAL_MS));
        if (stopped) return;
        // A read the sign-in already started serves as this look.
        const { data } = await latest.current({ cancelRefetch: false });
        if (stopped || data?.access === 'full') return;
      }
    })();
    return () => {
      stopped = true;
    };
  }, [userId]);
}
