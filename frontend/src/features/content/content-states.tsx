import { Alert, Card, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';

/** A failed load: the destructive alert of spec section 8. */
export function ContentLoadFailed({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} maw={720} w="100%" mx="auto">
      <Text fz="sm">{message}</Text>
    </Alert>
  );
}

/** Loaded, with nothing to show. */
export function ContentEmpty({ message }: { message: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} w="100%" mx="auto">
      <Stack align="center" gap="xs" ta="center">
        <IconInbox size={28} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Paper>
  );
}

interface SkeletonCardsProps {
  count: number;
  label: string;
  cols: Record<string, number>;
  lines: number;
  testId: string;
}

/** Placeholder cards in the grid the content will fill. */
export function SkeletonCards({ count, label, cols, lines, testId }: SkeletonCardsProps) {
  return (
    <SimpleGrid cols={cols} spacing="lg" role="region" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding="lg" data-testid={testId}>
          <Stack gap="sm">
            <Skeleton height={22} width="55%" radius="sm" />
            {Array.from({ length: lines }, (_, line) => (
              <Skeleton key={line} height={12} width={`${90 - line * 12}%`} radius="sm" />
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
