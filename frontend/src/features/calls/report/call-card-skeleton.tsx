import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** The call card while the call loads. */
export function CallCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label="Loading call">
      <Stack gap="md">
        <Group gap="xs">
          <Skeleton height={20} width={90} radius="xl" />
          <Skeleton height={20} width={110} radius="xl" />
        </Group>
        <Skeleton height={28} width="55%" />
        <Skeleton height={14} width="35%" />
        <Skeleton height={1} />
        <Group align="flex-start" grow>
          <Stack gap="sm">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={16} width={`${80 - i * 8}%`} />
            ))}
          </Stack>
          <Skeleton height={160} radius="md" />
        </Group>
      </Stack>
    </Card>
  );
}
