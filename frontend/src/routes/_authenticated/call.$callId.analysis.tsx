import { Code, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../components/account-page';
import { ComingSoonCard } from '../../components/coming-soon-card';

export const Route = createFileRoute('/_authenticated/call/$callId/analysis')({ component: CallAnalysisPage });

function CallAnalysisPage() {
  const { callId } = Route.useParams();
  return (
    <AccountPage title="Call Analysis">
      <ComingSoonCard
        centered={false}
        page="Call Analysis"
        description="The detailed analysis of a call (score, transcript, metrics and action items) will be shown here."
        upcoming={['Overview', 'Transcript', 'Metrics', 'Action Items']}
      >
        <Text fz="sm" c="dimmed">
          Call <Code>{callId}</Code>
        </Text>
      </ComingSoonCard>
    </AccountPage>
  );
}
