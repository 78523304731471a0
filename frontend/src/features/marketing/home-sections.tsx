import { useElementScrollRestoration, useRouter } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { ChangelogSection } from './changelog-section';
import { ClosingCtaSection } from './closing-cta-section';
import { HowItWorksSection } from './how-it-works-section';
import { IdealCustomerSection } from './ideal-customer-section';
import { ReportPreviewSection } from './report-preview-section';
import { TrustSection } from './trust-section';

/**
 * The router scrolls to the URL's #section, or back to where the visitor was, once the page has rendered:
 * possibly before these sections arrived. Done again when they do.
 */
function useScrollOnArrival() {
  const router = useRouter();
  const remembered = useElementScrollRestoration({ getElement: () => window });
  useLayoutEffect(() => {
    const { hash, state } = router.latestLocation;
    const hashScroll = state.__hashScrollIntoViewOptions ?? true;
    if (remembered) window.scrollTo({ top: remembered.scrollY, left: remembered.scrollX });
    else if (hash && hashScroll) document.getElementById(hash)?.scrollIntoView(hashScroll);
    // Only on arrival: later scrolling is the router's and the visitor's.
  }, []);
}

/** The home page's sections below the product overview, loaded after the first paint (./deferred-home-sections). */
export function HomeSections() {
  useScrollOnArrival();
  return (
    <>
      <HowItWorksSection />
      <IdealCustomerSection />
      <ReportPreviewSection />
      <TrustSection />
      <ChangelogSection />
      <ClosingCtaSection />
    </>
  );
}
