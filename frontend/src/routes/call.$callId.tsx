import { Code, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonCard } from '../components/coming-soon-card';
import { PageSection } from '../components/page-section';
import { usePageTitle } from '../components/use-page-title';

export const Route = createFileRoute('/call/$callId')({ component: CallReportPage });

function CallReportPage() {
  const { callId } = Route.useParams();
  usePageTitle('Call report');
  return (
    <PageSection title="Call report">
      <ComingSoonCard
        page="Call report"
        description="The live report of a test call (its progress, then reachability, speed to answer and business-hours results) will appear here."
        upcoming={['Live status while the call is queued or in progress', 'The analysis once the call completes']}
      >
        <Text fz="sm" c="dimmed">
          Call <Code>{callId}</Code>
        </Text>
      </ComingSoonCard>
    </PageSection>
  );
}
