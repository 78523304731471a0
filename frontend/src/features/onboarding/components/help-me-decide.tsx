import { Alert, Button, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import type { OnboardingStepGuide } from '../onboarding-steps';
import { ButtonLink } from './button-link';

/** 'Help me decide': a suggestion of what to do next, for whoever is unsure. */
export function HelpMeDecide({ next }: { next: OnboardingStepGuide }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm">
      <Group>
        <Button variant="light" leftSection={<IconBulb size={16} />} onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
          Help me decide
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Alert variant="light" color="yellow" icon={<IconBulb size={18} />} title={`Our suggestion: ${next.title.toLowerCase()}`}>
          <Stack gap="sm">
            <Text size="sm">{next.suggestion}</Text>
            <Group>
              <ButtonLink {...next.action.link} size="xs" color="yellow.8">
                {next.action.label}
              </ButtonLink>
            </Group>
          </Stack>
        </Alert>
      </Collapse>
    </Stack>
  );
}
