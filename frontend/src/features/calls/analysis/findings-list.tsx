import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { Finding } from '../../../api/calls-api';
import { EvidenceQuotes } from '../components/evidence-quotes';

interface FindingsListProps {
  findings: Finding[];
  tone: 'strength' | 'improvement';
  empty: string;
  onJump: (segmentIndex: number) => void;
}

/** Strengths or areas for improvement, each with the quotes and facts it rests on. */
export function FindingsList({ findings, tone, empty, onJump }: FindingsListProps) {
  if (findings.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {findings.map((finding, index) => (
        <Group key={`${finding.text}-${index}`} gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={22} radius="xl" variant="light" color={tone === 'strength' ? 'green' : 'orange'} style={{ flex: 'none' }}>
            {tone === 'strength' ? <IconCircleCheck size={14} /> : <IconAlertCircle size={14} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={500}>
              {finding.text}
            </Text>
            <EvidenceQuotes evidence={finding.evidence} onJump={onJump} limit={1} />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
