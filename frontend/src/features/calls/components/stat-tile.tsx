import { Box, Flex, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  color?: string;
}

/** One labelled figure of a report: a compact row on phones, a tile from small screens up. */
export function StatTile({ label, value, hint, color }: StatTileProps) {
  return (
    <Paper withBorder radius="md" px="sm" py={{ base: 8, xs: 'sm' }} role="group" aria-label={label}>
      <Flex
        direction={{ base: 'row', xs: 'column' }}
        justify={{ base: 'space-between', xs: 'flex-start' }}
        align={{ base: 'center', xs: 'flex-start' }}
        gap={{ base: 'sm', xs: 0 }}
      >
        <Box>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          {hint && (
            <Text fz="xs" c="dimmed" hiddenFrom="xs">
              {hint}
            </Text>
          )}
        </Box>
        <Text fw={700} fz="lg" c={color} ta={{ base: 'right', xs: 'left' }}>
          {value}
        </Text>
        {hint && (
          <Text fz="xs" c="dimmed" visibleFrom="xs">
            {hint}
          </Text>
        )}
      </Flex>
    </Paper>
  );
}
