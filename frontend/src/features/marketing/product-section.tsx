import { Box, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4, IconFileText, IconPhoneCheck, IconStopwatch } from '@tabler/icons-react';
import classes from './marketing.module.css';
import { SectionHeading } from './section-heading';

const FEATURES = [
  {
    icon: IconPhoneCheck,
    title: 'Reachability',
    body: 'Whether a person answered, or the call went to voicemail, was busy, rang out or looped in a phone menu, and how many attempts it took.',
  },
  {
    icon: IconStopwatch,
    title: 'Speed to answer',
    body: 'Time to the first ring, time to answer and the number of rings before someone picked up.',
  },
  {
    icon: IconClockHour4,
    title: 'Business-hours compliance',
    body: 'Whether calls within your posted hours are answered, and what callers get after hours.',
  },
  {
    icon: IconFileText,
    title: 'Transcript and recording',
    body: 'Read and replay the whole conversation to hear exactly what a new customer hears.',
  },
];

export function ProductSection() {
  return (
    <Box id="product" data-anchor-section component="section" py={{ base: 64, sm: 96 }}>
      <Container size="lg">
        <SectionHeading
          eyebrow="Product"
          title="A mystery caller for your phone line"
          description="Every missed or mishandled call is a customer who tries the next business. Ringcheck shows you where that happens."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt={48}>
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <Card key={title} withBorder padding="lg" className={classes.featureCard}>
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <Icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {title}
              </Title>
              <Text fz="sm" c="dimmed">
                {body}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
