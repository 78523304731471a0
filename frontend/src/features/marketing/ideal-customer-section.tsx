import { Box, Container, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconCoin, IconPhoneOff } from '@tabler/icons-react';
import { SectionHeading } from './section-heading';

const CRITERIA = [
  {
    icon: IconBuildingStore,
    title: 'You run a service business that misses calls',
    body: 'Plumbers, clinics, salons, restaurants and agencies: when the phone rings, a customer is waiting.',
  },
  {
    icon: IconCoin,
    title: 'Missed calls cost you at least $50K a year',
    body: 'A few unanswered calls a week add up quickly when each one is a booking or a job.',
  },
  {
    icon: IconPhoneOff,
    title: 'You need every call handled properly',
    body: 'Not just answered, but answered quickly, politely and with the right information.',
  },
];

/** The ideal-customer section: the three criteria of spec section 1. */
export function IdealCustomerSection() {
  return (
    <Box component="section" py={{ base: 64, sm: 96 }}>
      <Container size="lg">
        <SectionHeading eyebrow="Who it is for" title="Ringcheck is built for you if…" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt={48}>
          {CRITERIA.map(({ icon: Icon, title, body }, index) => (
            <Paper key={title} withBorder radius="lg" p="xl">
              <ThemeIcon size={48} radius="xl" variant="light" color={index === 1 ? 'teal' : 'ringcheck'} mb="md">
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={8}>
                {title}
              </Title>
              <Text c="dimmed" fz="sm">
                {body}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
