import { createFileRoute } from '@tanstack/react-router';
import { faqsQuery } from '../api/content-queries';
import { FaqPage } from '../features/content/faq-page';

export const Route = createFileRoute('/faq')({
  // Starts reading (on hover of a link, too) without holding the page back: it shows its own skeleton.
  loader: ({ context: { queryClient, apis } }) => void queryClient.prefetchQuery(faqsQuery(apis.content)),
  component: FaqPage,
});
