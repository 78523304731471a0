import { Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import type { ConversionReport } from '../../api/conversion-api';
import { asOfText } from './conversion-figures';

/** Which event the figures include up to, and when it was recorded; read out when it changes. */
export function AsOfLine({ asOf, pinned }: { asOf: ConversionReport['as_of']; pinned: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" data-testid="as-of">
      <IconClockHour4 size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      <Text fz="sm" c="dimmed">
        {asOfText(asOf)}
        {pinned ? ' (a past moment, chosen above)' : ''}
      </Text>
    </Group>
  );
}
