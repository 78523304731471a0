import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ctaClickOf } from './cta-click';
import { errorReportOf } from './error-report';
import { pageNameFor } from './page-name';
import type { ProductAnalytics } from './product-analytics';

/**
 * Tracks what happens anywhere on the page: clicks on elements marked `data-cta` (`CTA Clicked`, one
 * delegated listener), and errors (`Error Occurred`): API requests that failed for good, uncaught errors and
 * unhandled rejections.
 */
export function useInteractionTracking(analytics: Pick<ProductAnalytics, 'track'>): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const cta = ctaClickOf(event.target, pageNameFor(window.location.pathname));
      if (cta) analytics.track('CTA Clicked', cta);
    };
    const onError = (event: ErrorEvent) => analytics.track('Error Occurred', errorReportOf(event.error ?? event.message, 'uncaught'));
    const onRejection = (event: PromiseRejectionEvent) => analytics.track('Error Occurred', errorReportOf(event.reason, 'unhandled_rejection'));
    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [analytics]);

  useEffect(() => {
    // A query's retries end in one `error` action; a mutation fails once.
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && !isCancelledError(event.action.error)) {
        analytics.track('Error Occurred', errorReportOf(event.action.error, 'api'));
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') analytics.track('Error Occurred', errorReportOf(event.action.error, 'api'));
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [analytics, queryClient]);
}
