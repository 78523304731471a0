import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { CallAnalysis } from '../../../api/calls-api';
import { useFeatureFlag } from '../../../app/feature-flags';
import { PreviewStats } from '../components/preview-stats';

/** Parts of the full report the preview leaves out; their values stay on the server. */
const LOCKED = [
  'Overall score and summary',
  'Time to first ring',
  'Time to answer',
  'Rings before pickup',
  'Business-hours compliance',
  'Full transcript',
  'Call recording',
  'Recommended actions',
];

/** The report as visitors see it: the preview figures, and what signing up adds. */
export function PreviewResults({ analysis }: { analysis: CallAnalysis }) {
  // The anonymous_preview flag decides whether visitors see figures at all, and which (`preview_fields`).
  const preview = useFeatureFlag('anonymous_preview', true);
  const configured = preview.config.preview_fields;
  const fields = Array.isArray(configured) ? configured.filter((field): field is string => typeof field === 'string') : undefined;
  return (
    <Stack gap="md">
      {preview.enabled && (fields === undefined || fields.length > 0) && <PreviewStats analysis={analysis} fields={fields} />}
      <Text fw={600} fz="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        Also in the full report
      </Text>
      <Stack gap={8}>
        {LOCKED.map((label) => (
          <Paper key={label} withBorder radius="md" px="sm" py={10}>
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Group gap="xs" wrap="nowrap">
                <IconLock size={15} color="var(--mantine-color-gray-6)" style={{ flex: 'none' }} />
                <Text fz="sm">{label}</Text>
              </Group>
              <Skeleton height={10} width={96} radius="xl" animate={false} aria-hidden="true" />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
