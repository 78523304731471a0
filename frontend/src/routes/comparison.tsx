import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonCard } from '../components/coming-soon-card';
import { PageSection } from '../components/page-section';
import { usePageTitle } from '../components/use-page-title';

export const Route = createFileRoute('/comparison')({ component: ComparisonPage });

function ComparisonPage() {
  usePageTitle('Comparison');
  return (
    <PageSection title="Why Choose Ringcheck?" subtitle="How Ringcheck compares with other ways of checking your phone line.">
      <ComingSoonCard
        page="Comparison"
        description="Side-by-side comparisons with other services will be published here."
        upcoming={['One card per alternative', 'Where Ringcheck differs']}
      />
    </PageSection>
  );
}
