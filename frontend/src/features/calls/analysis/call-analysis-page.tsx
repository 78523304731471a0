import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { awaitsReport, isFullAnalysis, isFullCall } from '../../../api/calls-api';
import { AccountPage } from '../../../components/account-page';
import { ANALYSIS_PREVIEW_HEIGHT } from '../call-constants';
import { ButtonLink } from '../components/button-link';
import { CallNetworkBadge } from '../components/call-network-badge';
import { SoftGate } from '../components/soft-gate';
import { formatCallDate } from '../display/format-call-date';
import { useLiveCall } from '../live/use-live-call';
import { PreviewResults } from '../report/preview-results';
import { AnalysisNotFound } from './analysis-not-found';
import { FullAnalysis } from './full-analysis';
import { businessNameOf } from '../display/business-name';

function AnalysisSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading analysis">
      <Skeleton height={150} radius="lg" />
      <Skeleton height={36} width="60%" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

const GATE_UNLOCKS =
  'The transcript, the recording, every score with its evidence and the action items are for the owner of this call.';

function CallAnalysis({ callId }: { callId: string }) {
  const { call } = useLiveCall(callId);
  if (!call) return <AnalysisSkeleton />;
  if (!call.analysis) return <AnalysisNotFound />;
  // Its report follows the analysis's figures by an instant: the live call reads it.
  if (awaitsReport(call.analysis)) return <AnalysisSkeleton />;
  const { analysis } = call;
  if (isFullCall(call) && isFullAnalysis(call.analysis)) return <FullAnalysis call={call} analysis={call.analysis} />;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <CallNetworkBadge sandbox={call.sandbox} />
            </Group>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {businessNameOf(call)}
            </Title>
            <Text fz="sm" c="dimmed">
              {formatCallDate(call.created_at)}
            </Text>
          </Stack>
          <ButtonLink to="/call/$callId" params={{ callId: call.id }} variant="default" size="xs">
            Open call report
          </ButtonLink>
        </Group>
      </Paper>
      <SoftGate previewHeight={ANALYSIS_PREVIEW_HEIGHT} unlocks={GATE_UNLOCKS} callId={call.id} source="call_analysis_gate">
        {analysis && <PreviewResults analysis={analysis} />}
      </SoftGate>
    </Stack>
  );
}

/** /call/{callId}/analysis: the detailed analysis of one call (spec section 2). */
export function CallAnalysisPage({ callId }: { callId: string }) {
  return (
    <AccountPage title="Call Analysis">
      <CallAnalysis key={callId} callId={callId} />
    </AccountPage>
  );
}

/** The page while its route loads the call. */
export function CallAnalysisLoading() {
  return (
    <AccountPage title="Call Analysis">
      <AnalysisSkeleton />
    </AccountPage>
  );
}

/** The page when the call could not be loaded: no such call, or not the visitor's. */
export function CallAnalysisUnavailable() {
  return (
    <AccountPage title="Call Analysis">
      <AnalysisNotFound />
    </AccountPage>
  );
}
