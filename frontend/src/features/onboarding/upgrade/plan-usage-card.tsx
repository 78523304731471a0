import { Alert, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PlanUsage } from '../../../api/plans-api';
import { locationsUsage, resetsOn, testCallsUsage } from './plans';

interface UsageMeterProps {
  label: string;
  text: string;
  used: number;
  limit: number | null;
}

/** One allowance: what was used, and a bar when the plan has a limit (the text says the same). */
function UsageMeter({ label, text, used, limit }: UsageMeterProps) {
  const reached = limit !== null && used >= limit;
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600}>
        {label}
      </Text>
      <Text fz="sm" c={reached ? 'red.8' : undefined}>
        {text}
      </Text>
      {limit !== null && (
        <Progress
          aria-hidden
          value={limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}
          color={reached ? 'red' : undefined}
          size="sm"
        />
      )}
    </Stack>
  );
}

/** The user's plan and this month's usage; the plans below stay usable when this cannot be read. */
export function PlanUsageCard({ query }: { query: UseQueryResult<PlanUsage, Error> }) {
  if (query.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading your plan">
        <Skeleton height={22} width="40%" mb="md" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </SimpleGrid>
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your plan and usage could not be loaded">
        <Group gap="sm">
          <Text fz="sm">The plans below are shown with their usual limits.</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Group>
      </Alert>
    );
  }
  const { plan, usage } = query.data;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="plan-usage-title">
      <Title order={2} fz="h4" id="plan-usage-title" mb="md">
        Your plan: {plan.name}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <UsageMeter
          label="Test calls"
          text={testCallsUsage(usage.test_calls, plan.limits.test_calls_per_month)}
          used={usage.test_calls}
          limit={plan.limits.test_calls_per_month}
        />
        <UsageMeter
          label="Locations"
          text={locationsUsage(usage.locations, plan.limits.locations)}
          used={usage.locations}
          limit={plan.limits.locations}
        />
      </SimpleGrid>
      <Text fz="sm" c="dimmed" mt="md">
        {resetsOn(usage.resets_at)}
      </Text>
    </Paper>
  );
}
