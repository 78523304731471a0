import { createFileRoute } from '@tanstack/react-router';
import { comparisonQuery } from '../api/content-queries';
import { ComparisonDetailPage } from '../features/content/comparison-detail-page';

export const Route = createFileRoute('/comparison/$slug')({
  loader: ({ context: { queryClient, apis }, params }) => void queryClient.prefetchQuery(comparisonQuery(apis.content, params.slug)),
  component: ComparisonDetailRoute,
});

function ComparisonDetailRoute() {
  const { slug } = Route.useParams();
  return <ComparisonDetailPage slug={slug} />;
}
