import { useCallback } from 'react';
import { useAppServices } from '../../app/app-services';
import { type ProductEventName, type ProductEvents, trackProductEvent } from './product-events';

/** Records product events through the app's API client. */
export function useTrackEvent(): <K extends ProductEventName>(name: K, data: ProductEvents[K]) => void {
  const { api } = useAppServices();
  return useCallback((name, data) => trackProductEvent(api, name, data), [api]);
}
