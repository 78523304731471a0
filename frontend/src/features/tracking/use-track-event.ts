import { useCallback } from 'react';
import { useAppServices } from '../../app/app-services';
import { type ProductEventName, type ProductEvents, trackProductEvent } from './product-events';

/** Records product events through the app's analytics API. */
export function useTrackEvent(): <K extends ProductEventName>(name: K, data: ProductEvents[K]) => void {
  const { apis } = useAppServices();
  return useCallback((name, data) => trackProductEvent(apis.analytics, name, data), [apis]);
}
