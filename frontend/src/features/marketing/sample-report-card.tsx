import { Badge, Box, Card, Divider, Group, RingProgress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconPhone } from '@tabler/icons-react';
import { formatCallTime } from '../calls/format-call-time';
import { scoreColor } from '../calls/score-color';

/** Illustrative numbers for a fictional business; labelled as a sample wherever it is shown. */
const SAMPLE = {
  business: 'Pizza Palace',
  location: 'New York, NY',
  phone: '(212) 555-0147',
  score: 8.4,
  attemptsBeforePickup: 1,
  ringsBeforePickup: 3,
  timeToFirstRingMs: 850,
  timeToAnswerMs: 12_400,
  transcript: [
    { speaker: 'Business', text: 'Thanks for calling Pizza Palace, this is Sam. How can I help?' },
    { speaker: 'Caller', text: 'Hi! Are you open for delivery tonight, and until what time?' },
  ],
};

function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Box>
  );
}

export function SampleReportCard() {
  const color = scoreColor(SAMPLE.score);
  return (
    <Card withBorder shadow="lg" radius="lg" padding={0} maw={520} w="100%" mx="auto">
      <Box bg="ink.9" c="white" px="lg" py="md" style={{ borderRadius: 'var(--mantine-radius-lg) var(--mantine-radius-lg) 0 0' }}>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fz="xs" c="ink.2" tt="uppercase" fw={700} style={{ letterSpacing: '0.08em' }}>
              Sample report
            </Text>
            <Title order={3} fz="xl" c="white">
              {SAMPLE.business}
            </Title>
            <Group gap={6} c="ink.1" wrap="nowrap">
              <IconPhone size={14} style={{ flex: 'none' }} />
              <Text fz="sm">
                {SAMPLE.phone} · {SAMPLE.location}
              </Text>
            </Group>
          </div>
          <RingProgress
            size={84}
            thickness={7}
            roundCaps
            sections={[{ value: SAMPLE.score * 10, color }]}
            label={
              <Text ta="center" fw={800} fz="lg" c="white">
                {SAMPLE.score.toFixed(1)}
              </Text>
            }
            aria-label={`Overall score ${SAMPLE.score} out of 10`}
          />
        </Group>
      </Box>
      <Stack p="lg" gap="md">
        <Group gap="xs">
          <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} />}>
            Answered
          </Badge>
          <Badge color="teal" variant="light">
            First-call success
          </Badge>
          <Badge color="ringcheck" variant="light">
            During business hours
          </Badge>
        </Group>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
          <Metric label="Attempts before pickup" value={String(SAMPLE.attemptsBeforePickup)} />
          <Metric label="Rings before pickup" value={String(SAMPLE.ringsBeforePickup)} />
          <Metric label="Time to first ring" value={formatCallTime(SAMPLE.timeToFirstRingMs)} />
          <Metric label="Time to answer" value={formatCallTime(SAMPLE.timeToAnswerMs)} />
        </SimpleGrid>
        <Divider />
        <Stack gap={8}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            Transcript
          </Text>
          {SAMPLE.transcript.map((line) => (
            <Group key={line.text} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={22} radius="xl" variant="light" color={line.speaker === 'Business' ? 'ringcheck' : 'gray'}>
                <Text fz={10} fw={700}>
                  {line.speaker.charAt(0)}
                </Text>
              </ThemeIcon>
              <Text fz="sm">
                <Text span fw={600}>
                  {line.speaker}:
                </Text>{' '}
                {line.text}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text fz="xs" c="dimmed" ta="center">
          Illustrative example for a fictional business.
        </Text>
      </Stack>
    </Card>
  );
}
