import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';

export function ClosingCtaSection() {
  const toSearch = () => {
    document.getElementById('hero-search')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    document.querySelector<HTMLInputElement>('#hero-search input')?.focus({ preventScroll: true });
  };
  return (
    <Box component="section" pb={{ base: 64, sm: 96 }}>
      <Container size="md">
        <Paper radius="xl" p={{ base: 'xl', sm: 48 }} bg="ringcheck.0" ta="center">
          <Stack align="center" gap="md">
            <Title order={2} fz={{ base: 26, sm: 34 }} style={{ letterSpacing: '-0.02em' }}>
              What happens when a customer calls you?
            </Title>
            <Text c="gray.7" fz="lg" maw={520}>
              Find out with a test call: it takes a business name and a city.
            </Text>
            <Button
              size="md"
              onClick={toSearch}
              rightSection={<IconArrowUp size={16} />}
              data-cta="Check my phone line"
              data-cta-location="home_closing"
              data-cta-destination="#hero-search"
            >
              Check my phone line
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
