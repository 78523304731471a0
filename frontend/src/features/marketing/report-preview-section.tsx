import { Box, Container, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPointFilled } from '@tabler/icons-react';
import { SampleReportCard } from './sample-report-card';

const INCLUDED = [
  'Connection status: answered, voicemail, busy, no answer or a phone-menu loop',
  'Attempts and rings before pickup, time to first ring and time to answer',
  'Whether the call fell within your business hours',
  'The transcript and the recording of the call',
];

export function ReportPreviewSection() {
  return (
    <Box component="section" py={{ base: 64, sm: 96 }} bg="gray.0">
      <Container size="lg">
        <Grid gap={{ base: 40, md: 64 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Text fz="sm" fw={700} c="ringcheck.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
                The report
              </Text>
              <Title order={2} fz={{ base: 28, sm: 38 }} style={{ letterSpacing: '-0.02em' }} lh={1.15}>
                Clear answers, not a pile of call logs
              </Title>
              <Text fz="lg" c="dimmed">
                Every test call ends in a report you can read in a minute and share with your team.
              </Text>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={20} radius="xl" variant="light">
                    <IconPointFilled size={12} />
                  </ThemeIcon>
                }
              >
                {INCLUDED.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SampleReportCard />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
