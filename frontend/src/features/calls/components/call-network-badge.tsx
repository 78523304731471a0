import { Badge, Tooltip } from '@mantine/core';
import { IconFlask, IconPhoneCall } from '@tabler/icons-react';
import { CALL_MESSAGES } from '../call-messages';

const NETWORKS = {
  sandbox: {
    label: CALL_MESSAGES.sandboxCall,
    color: 'violet',
    Icon: IconFlask,
    explanation: 'This call ran on the simulated phone network, not a real phone line.',
  },
  real: {
    label: CALL_MESSAGES.realCall,
    color: 'teal',
    Icon: IconPhoneCall,
    explanation: "A real phone call to the business's own line, not a simulation.",
  },
} as const;

/**
 * Says whether a call rang a real phone line or the simulated network, so nothing simulated passes for
 * real. Its explanation shows on hover and on keyboard focus; `compact` (in lists) keeps it to a title,
 * so a list does not gain a tab stop per row.
 */
export function CallNetworkBadge({ sandbox, compact = false }: { sandbox: boolean; compact?: boolean }) {
  const { label, color, Icon, explanation } = NETWORKS[sandbox ? 'sandbox' : 'real'];
  if (compact) {
    return (
      <Badge size="xs" color={color} variant="light" style={{ flex: 'none' }} title={explanation} data-network={sandbox ? 'sandbox' : 'real'}>
        {label}
      </Badge>
    );
  }
  return (
    <Tooltip label={explanation} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color={color}
        variant="light"
        leftSection={<Icon size={12} aria-hidden="true" />}
        tabIndex={0}
        style={{ cursor: 'help' }}
        data-network={sandbox ? 'sandbox' : 'real'}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
