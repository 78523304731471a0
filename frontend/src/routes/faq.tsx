import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonCard } from '../components/coming-soon-card';
import { PageSection } from '../components/page-section';
import { usePageTitle } from '../components/use-page-title';

export const Route = createFileRoute('/faq')({ component: FaqPage });

function FaqPage() {
  usePageTitle('FAQ');
  return (
    <PageSection title="Frequently Asked Questions" subtitle="Answers about test calls, reports and your account.">
      <ComingSoonCard
        page="FAQ"
        description="The questions and answers are being written and will be published here."
        upcoming={['How a Ringcheck test call works', 'What the report measures', 'Privacy of call recordings']}
      />
    </PageSection>
  );
}
