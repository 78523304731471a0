import { Badge, Paper, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconListCheck, IconMessages, IconReportAnalytics } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallAnalysisFull, CallFullView } from '../../../api/calls-api';
import { useAppServices } from '../../../app/app-services';
import { ActionItemsTab } from './action-items-tab';
import { AnalysisHeader } from './analysis-header';
import type { AnalysisTab } from '../../tracking/product-events';
import { MetricsTab } from './metrics-tab';
import { OverviewTab } from './overview-tab';
import { type TranscriptFocus, TranscriptTab } from './transcript-tab';

const isTab = (value: string | null): value is AnalysisTab =>
  value === 'overview' || value === 'transcript' || value === 'metrics' || value === 'recommendations';

/** The owner's analysis: header, then Overview, Transcript, Metrics and Action Items, each tab change tracked. */
export function FullAnalysis({ call, analysis }: { call: CallFullView; analysis: CallAnalysisFull }) {
  const { analytics } = useAppServices();
  const [tab, setTab] = useState<AnalysisTab>('overview');
  const [focus, setFocus] = useState<TranscriptFocus | null>(null);
  const viewed = useRef<string | null>(null);
  const { report } = analysis;

  useEffect(() => {
    if (viewed.current === call.id) return;
    viewed.current = call.id;
    analytics.track('call_analysis_viewed', { call_id: call.id, overall_score: report.overallScore });
  }, [analytics, call.id, report.overallScore]);

  const shown = useRef<AnalysisTab>('overview');
  const show = useCallback(
    (next: AnalysisTab) => {
      if (shown.current === next) return;
      shown.current = next;
      setTab(next);
      analytics.track('analysis_tab_viewed', { call_id: call.id, tab: next });
    },
    [analytics, call.id],
  );

  const jump = useCallback(
    (segmentIndex: number) => {
      show('transcript');
      setFocus((previous) => ({ segmentIndex, nonce: (previous?.nonce ?? 0) + 1 }));
    },
    [show],
  );

  return (
    <Stack gap="lg">
      <AnalysisHeader call={call} analysis={analysis} />
      <Tabs value={tab} onChange={(value) => isTab(value) && show(value)} keepMounted={false} variant="pills" radius="xl">
        <Paper withBorder radius="lg" p={4} w="fit-content" maw="100%">
          <Tabs.List>
            <Tabs.Tab value="overview" leftSection={<IconReportAnalytics size={16} />}>
              Overview
            </Tabs.Tab>
            <Tabs.Tab value="transcript" leftSection={<IconMessages size={16} />}>
              Transcript
            </Tabs.Tab>
            <Tabs.Tab value="metrics" leftSection={<IconChartBar size={16} />}>
              Metrics
            </Tabs.Tab>
            <Tabs.Tab
              value="recommendations"
              leftSection={<IconListCheck size={16} />}
              rightSection={
                report.recommendations.length > 0 ? (
                  <Badge size="xs" circle variant="filled" aria-hidden="true">
                    {report.recommendations.length}
                  </Badge>
                ) : undefined
              }
            >
              Action Items
            </Tabs.Tab>
          </Tabs.List>
        </Paper>
        <Tabs.Panel value="overview" pt="lg">
          <OverviewTab report={report} onJump={jump} />
        </Tabs.Panel>
        <Tabs.Panel value="transcript" pt="lg">
          <TranscriptTab analysis={analysis} focus={focus} />
        </Tabs.Panel>
        <Tabs.Panel value="metrics" pt="lg">
          <MetricsTab analysis={analysis} onJump={jump} />
        </Tabs.Panel>
        <Tabs.Panel value="recommendations" pt="lg">
          <ActionItemsTab recommendations={report.recommendations} onJump={jump} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
