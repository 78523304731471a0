import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import type { CallReport } from '../../../api/calls-api';
import { FindingsList } from './findings-list';
import { PerformanceBar } from './performance-bar';

interface OverviewTabProps {
  report: CallReport;
  onJump: (segmentIndex: number) => void;
}

/** Performance bars, strengths, areas for improvement and key topics. */
export function OverviewTab({ report, onJump }: OverviewTabProps) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="md">
          Performance
        </Title>
        <Stack gap="lg">
          <PerformanceBar
            label="Professionalism"
            score={report.professionalismScore}
            observed={report.observedScores.professionalism}
            evidence={report.scoreEvidence.professionalism}
            onJump={onJump}
          />
          <PerformanceBar
            label="Response time"
            score={report.responseTimeScore}
            observed={report.observedScores.responseTime}
            evidence={report.scoreEvidence.responseTime}
            onJump={onJump}
          />
          <PerformanceBar
            label="Resolution"
            score={report.resolutionScore}
            observed={report.observedScores.resolution}
            evidence={report.scoreEvidence.resolution}
            onJump={onJump}
          />
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="lg" mb="sm">
            Strengths
          </Title>
          <FindingsList findings={report.strengths} tone="strength" empty="No strengths stood out on this call." onJump={onJump} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="lg" mb="sm">
            Areas for improvement
          </Title>
          <FindingsList
            findings={report.areasForImprovement}
            tone="improvement"
            empty="Nothing to improve was found on this call."
            onJump={onJump}
          />
        </Paper>
      </SimpleGrid>

      {report.afterHoursBehavior && (
        <Alert variant="light" color="orange" icon={<IconMoon size={16} />} title="After-hours behavior">
          {report.afterHoursBehavior}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="lg" mb="sm">
          Key topics
        </Title>
        {report.keyTopics.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No topics came up.
          </Text>
        ) : (
          <Group gap="xs">
            {report.keyTopics.map((topic) => (
              <Badge key={topic} variant="light" size="lg" radius="sm" tt="none">
                {topic}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
