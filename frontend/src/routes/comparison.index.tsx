import { createFileRoute } from '@tanstack/react-router';
import { comparisonsQuery } from '../api/content-queries';
import { ComparisonPage } from '../features/content/comparison-page';

// An index route beside comparison.$slug.tsx (no comparison.tsx): the list and each comparison are pages of their own.
export const Route = createFileRoute('/comparison/')({
  loader: ({ context: { queryClient, apis } }) => void queryClient.prefetchQuery(comparisonsQuery(apis.content)),
  component: ComparisonPage,
});
