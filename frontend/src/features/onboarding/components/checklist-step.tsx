import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import type { OnboardingStepGuide } from '../onboarding-steps';
import { ButtonLink } from './button-link';

interface ChecklistStepProps {
  guide: OnboardingStepGuide;
  number: number;
  done: boolean;
  current: boolean;
  saving: boolean;
  onMarkDone(): void;
}

/** One step of the checklist: its number or a check, what it is, and what to do next. */
export function ChecklistStep({ guide, number, done, current, saving, onMarkDone }: ChecklistStepProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="li"
      aria-label={guide.title}
      data-current={current || undefined}
      style={current ? { borderColor: 'var(--mantine-color-ringcheck-4)', boxShadow: 'var(--mantine-shadow-xs)' } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={36} radius="xl" variant={done ? 'filled' : current ? 'light' : 'default'} color={done ? 'teal' : 'ringcheck'}>
          {done ? <IconCheck size={18} aria-label="Done" /> : <Text fw={700} fz="sm">{number}</Text>}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
              {guide.title}
            </Text>
            {guide.pro && (
              <Badge size="sm" variant="light" color="grape" leftSection={<IconCrown size={12} />}>
                Pro
              </Badge>
            )}
            {current && !done && (
              <Badge size="sm" variant="light">
                Next step
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {guide.description}
          </Text>
          {!done && (
            <Group gap="sm" mt={4}>
              <ButtonLink {...guide.action.link} size="xs" variant={current ? 'filled' : 'light'}>
                {guide.action.label}
              </ButtonLink>
              {guide.manual && (
                <Button size="xs" variant="subtle" color="gray" onClick={onMarkDone} loading={saving}>
                  {guide.manual.label}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
