import { createFileRoute } from '@tanstack/react-router';
import { plansQuery } from '../api/content-queries';
import { PricingPage } from '../features/content/pricing-page';

export const Route = createFileRoute('/pricing')({
  // Starts reading (on hover of a link, too) without holding the page back: it shows its own skeleton.
  loader: ({ context: { queryClient, apis } }) => void queryClient.prefetchQuery(plansQuery(apis.content)),
  component: PricingPage,
});
