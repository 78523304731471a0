import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import type { PlanSummary } from './plans';

interface PlanCardProps {
  plan: PlanSummary;
  /** The user's plan; null until the server says. */
  currentPlan: PlanSummary | null;
  highlighted: boolean;
  onChoose(plan: PlanSummary): void;
}

/** One plan of the comparison: price, limits and extras, and the way to it from the user's plan. */
export function PlanCard({ plan, currentPlan, highlighted, onChoose }: PlanCardProps) {
  const current = plan.id === currentPlan?.id;
  const upgrade = !current && plan.price_per_month > (currentPlan?.price_per_month ?? 0);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-label={`${plan.name} plan`}
      shadow={highlighted ? 'md' : undefined}
      style={highlighted ? { borderColor: 'var(--mantine-color-ringcheck-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title order={2} fz="h3">
            {plan.name}
          </Title>
          {current && (
            <Badge variant="light" color="gray">
              Current plan
            </Badge>
          )}
          {highlighted && !current && (
            <Badge variant="filled" leftSection={<IconCrown size={12} />}>
              Recommended
            </Badge>
          )}
        </Group>
        <Group gap={4} align="baseline">
          <Text fz={36} fw={800} lh={1}>
            ${plan.price_per_month}
          </Text>
          <Text c="dimmed" size="sm">
            per month
          </Text>
        </Group>
        <List
          spacing={8}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="light">
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {current && (
          <Button variant="default" disabled fullWidth>
            Your plan
          </Button>
        )}
        {upgrade && (
          <Button variant={highlighted ? 'filled' : 'light'} fullWidth onClick={() => onChoose(plan)}>
            Upgrade to {plan.name}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
