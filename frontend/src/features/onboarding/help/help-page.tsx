import { Accordion, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconMail, IconMessageQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AccountPage } from '../../../components/account-page';
import { SUPPORT_EMAIL } from '../../auth/support-contact';
import { scoreColor } from '../../calls/score-color';
import { HOW_CALLS_WORK, METRICS, PREVIEW_LIMITS, SCORE_BANDS, SCORES } from './help-topics';

/** An accordion value that is also a valid id (Mantine builds the panel's id from it). */
const metricKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** /help: how a test call works, what the report's metrics and scores mean, and how to reach support. */
export function HelpPage() {
  return (
    <AccountPage title="Help & Support" subtitle="How Ringcheck tests your phone line, and how to read what it finds.">
      <Stack gap="lg" maw={860}>
        <HelpSection title="How a test call works">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {HOW_CALLS_WORK.map((step, index) => (
              <Group key={step.title} align="flex-start" wrap="nowrap" gap="sm">
                <ThemeIcon radius="xl" size={30} variant="light">
                  <Text fw={700} fz="sm">
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <div>
                  <Text fw={600}>{step.title}</Text>
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {PREVIEW_LIMITS}
          </Text>
        </HelpSection>

        <HelpSection title="What each metric means">
          <Accordion variant="separated" radius="md" multiple defaultValue={[metricKey(METRICS[0]!.name)]}>
            {METRICS.map((metric) => (
              <Accordion.Item key={metric.name} value={metricKey(metric.name)}>
                <Accordion.Control>
                  <Text fw={600}>{metric.name}</Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <Text size="sm">{metric.text}</Text>
                    {metric.values && (
                      <Table withRowBorders={false} verticalSpacing={4} fz="sm">
                        <Table.Tbody>
                          {metric.values.map(({ value, meaning }) => (
                            <Table.Tr key={value}>
                              <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap', width: '1%' }} fw={600}>
                                {value}
                              </Table.Td>
                              <Table.Td>{meaning}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </HelpSection>

        <HelpSection title="Scores and their colours">
          <List spacing="sm" size="sm">
            {SCORES.map((score) => (
              <List.Item key={score.name}>
                <Text span fw={600} size="sm">
                  {score.name}:
                </Text>{' '}
                {score.text}
              </List.Item>
            ))}
          </List>
          <Stack gap={8} aria-label="Score colours">
            {SCORE_BANDS.map((band) => (
              <Group key={band.label} gap="sm" wrap="nowrap">
                <Badge color={scoreColor(band.sample)} variant="light" radius="sm" tt="none" miw={84} style={{ flexShrink: 0 }}>
                  {band.label}
                </Badge>
                <Text size="sm">{band.meaning}</Text>
              </Group>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            Action items carry a priority in the same colours: high in red, medium in yellow, low in green.
          </Text>
        </HelpSection>

        <HelpSection title="Contact us">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconMail size={20} />
            </ThemeIcon>
            <Stack gap={6}>
              <Text size="sm">
                Write to{' '}
                <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600}>
                  {SUPPORT_EMAIL}
                </Anchor>
                . If your question is about one call, include its call id (copy it from My Calls).
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/faq" variant="light" size="xs" leftSection={<IconMessageQuestion size={14} />}>
                  Read the FAQ
                </Button>
                <Button component={Link} to="/getting-started" variant="subtle" size="xs">
                  Back to Getting Started
                </Button>
              </Group>
            </Stack>
          </Group>
        </HelpSection>
      </Stack>
    </AccountPage>
  );
}
