import { Badge, Tooltip } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { CALL_MESSAGES } from '../call-messages';

/** Marks a call placed on the simulated phone network, so nothing simulated passes for real. */
export function SandboxBadge() {
  return (
    <Tooltip label="This call ran on the simulated phone network, not a real phone line." withArrow multiline w={240}>
      <Badge color="violet" variant="light" leftSection={<IconFlask size={12} />} style={{ cursor: 'help' }}>
        {CALL_MESSAGES.sandboxCall}
      </Badge>
    </Tooltip>
  );
}
