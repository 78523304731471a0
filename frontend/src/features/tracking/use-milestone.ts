import { useEffect, useMemo } from 'react';
import { useAppServices } from '../../app/app-services';
import { browserStorage } from '../anonymous/browser-storage';
import { type MilestoneName, reachMilestone } from './milestones';

/** Tracks `Milestone Reached` for `name` the first time `value` is given (not null) in this browser. */
export function useMilestone(name: MilestoneName, value: number | string | null): void {
  const { analytics } = useAppServices();
  const storage = useMemo(() => browserStorage(), []);
  useEffect(() => {
    if (value !== null) reachMilestone(analytics, storage, name, value);
  }, [analytics, storage, name, value]);
}
