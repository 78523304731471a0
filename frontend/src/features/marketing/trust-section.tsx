import { Box, Container, Stack, Text, Title } from '@mantine/core';
import classes from './marketing.module.css';

export function TrustSection() {
  return (
    <Box component="section" className={classes.trustBand} py={{ base: 56, sm: 72 }}>
      <Container size="md">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} c="white" fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
            Trusted by 500+ businesses
          </Title>
          <Text c="ink.1" fz="lg" maw={560}>
            Owners use Ringcheck to find out what happens when a new customer calls, and to fix it before it costs them.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
