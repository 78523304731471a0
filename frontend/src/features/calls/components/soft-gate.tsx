import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconLock } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { isSignedIn, useAuth } from '../../auth/auth-context';
import { useAuthDialog } from '../../auth/auth-dialog-context';
import { SOFT_GATE_PREVIEW_HEIGHT } from '../call-constants';
import { CALL_MESSAGES } from '../call-messages';
import classes from '../calls.module.css';

interface SoftGateProps {
  /** The preview everyone may see. */
  children: ReactNode;
  /** Height of the collapsed preview area (spec section 9: 40vh; the analysis 50vh). */
  previewHeight?: string;
  /** What signing up unlocks, in one sentence. */
  unlocks: string;
  /** The call behind the gate: a visitor who signs up comes back to it. */
  callId: string;
  /** What the gate guards, for the sign-up's conversion record. */
  source?: string;
}

/**
 * The sign-up gate around a preview (spec section 2): the preview shows by default in an area of
 * fixed height that 'See Full Preview' opens and 'Hide Preview' closes again, with a call to sign up.
 */
export function SoftGate({ children, previewHeight = SOFT_GATE_PREVIEW_HEIGHT, unlocks, callId, source = 'call_report_gate' }: SoftGateProps) {
  const [expanded, setExpanded] = useState(false);
  const auth = useAuth();
  const dialog = useAuthDialog();
  const areaId = useId();
  const signedIn = isSignedIn(auth);
  const intent = () => ({
    redirectTo: typeof window === 'undefined' ? `/call/${callId}` : window.location.pathname,
    source,
    metadata: { call_id: callId },
  });

  return (
    <Stack gap="md">
      <Box pos="relative">
        <Box
          id={areaId}
          data-testid="soft-gate-preview"
          data-expanded={expanded}
          style={{ maxHeight: expanded ? 'none' : previewHeight, overflow: 'hidden' }}
        >
          {children}
        </Box>
        {!expanded && <div className={classes.gateFade} aria-hidden="true" />}
      </Box>
      <Group justify="center">
        <Button
          variant="subtle"
          size="sm"
          aria-expanded={expanded}
          aria-controls={areaId}
          rightSection={expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? CALL_MESSAGES.hidePreview : CALL_MESSAGES.seeFullPreview}
        </Button>
      </Group>
      <Paper radius="lg" p="lg" bg="ringcheck.0" style={{ border: '1px solid var(--mantine-color-ringcheck-2)' }}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="filled" style={{ flex: 'none' }}>
            <IconLock size={20} />
          </ThemeIcon>
          <Stack gap={6} style={{ flex: 1 }}>
            <Text fw={700}>{signedIn ? 'This is the preview of the report' : 'Sign up to see the full analysis'}</Text>
            <Text fz="sm" c="dimmed">
              {signedIn ? 'Only the owner of this call can see the full analysis.' : unlocks}
            </Text>
            {!signedIn && (
              <Group gap="sm" mt={4}>
                <Button onClick={() => dialog.open('sign-up', { intent: intent() })}>Sign Up Free</Button>
                <Button variant="subtle" onClick={() => dialog.open('sign-in', { intent: intent() })}>
                  I have an account
                </Button>
              </Group>
            )}
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
