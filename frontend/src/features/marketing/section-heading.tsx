import { Stack, Text, Title } from '@mantine/core';

interface SectionHeadingProps {
  eyebrow: string;
  title: string;
  description?: string;
}

export function SectionHeading({ eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Stack gap="sm" align="center" ta="center" maw={720} mx="auto">
      <Text fz="sm" fw={700} c="ringcheck.8" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title order={2} fz={{ base: 28, sm: 38 }} style={{ letterSpacing: '-0.02em' }} lh={1.15}>
        {title}
      </Title>
      {description && (
        <Text fz="lg" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
