import { ActionIcon, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPY_INDICATOR_MS } from '../call-constants';

/** Copies a call id; the check mark shows for 2 s (spec section 9). */
export function CopyCallIdButton({ callId }: { callId: string }) {
  const clipboard = useClipboard({ timeout: COPY_INDICATOR_MS });
  return (
    <Tooltip label={clipboard.copied ? 'Copied' : 'Copy call ID'} withArrow>
      <ActionIcon
        variant="subtle"
        color={clipboard.copied ? 'teal' : 'gray'}
        size="sm"
        aria-label={clipboard.copied ? 'Call ID copied' : 'Copy call ID'}
        onClick={(event) => {
          event.stopPropagation();
          clipboard.copy(callId);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {clipboard.copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      </ActionIcon>
    </Tooltip>
  );
}
