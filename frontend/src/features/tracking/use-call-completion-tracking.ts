import { useEffect, useMemo, useRef } from 'react';
import type { Call } from '../../api/calls-api';
import { useAppServices } from '../../app/app-services';
import { browserStorage } from '../anonymous/browser-storage';
import { callCompletedOf, firstReportOf } from './call-completion';
import { reachMilestone } from './milestones';

/**
 * `Call Completed` once per call, when its owner sees it end (here, or on a later visit to its report), and
 * the `first_call_completed` milestone with the first call that completed.
 */
export function useCallCompletionTracking(call: Call | undefined): void {
  const { analytics } = useAppServices();
  const storage = useMemo(() => browserStorage(), []);
  const reported = useRef<string | null>(null);
  const completed = call ? callCompletedOf(call) : null;

  useEffect(() => {
    if (!completed || !analytics.enabled || reported.current === completed.callId) return;
    reported.current = completed.callId;
    if (!firstReportOf(storage, completed.callId)) return;
    analytics.track('Call Completed', completed);
    if (completed.outcome === 'completed') reachMilestone(analytics, storage, 'first_call_completed', completed.callId);
  }, [completed, analytics, storage]);
}
