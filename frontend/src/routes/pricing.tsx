import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonCard } from '../components/coming-soon-card';
import { PageSection } from '../components/page-section';
import { usePageTitle } from '../components/use-page-title';

export const Route = createFileRoute('/pricing')({ component: PricingPage });

function PricingPage() {
  usePageTitle('Pricing');
  return (
    <PageSection title="Simple, Transparent Pricing" subtitle="Start free and upgrade when you need more locations and checkups.">
      <ComingSoonCard
        page="Pricing"
        description="The plan cards, with prices and what each plan includes, will be published here."
        upcoming={['Free, Pro and Enterprise plans', 'What each plan includes', 'A recommended plan for most businesses']}
      />
    </PageSection>
  );
}
