import { useCallback } from 'react';
import { useAppServices } from '../../app/app-services';
import type { TrackFn } from './product-events';

/** Tracks product events through the app's analytics (nothing leaves without the visitor's consent). */
export function useTrackEvent(): TrackFn {
  const { analytics } = useAppServices();
  return useCallback<TrackFn>((name, properties) => analytics.track(name, properties), [analytics]);
}
