import { Alert, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCreditCardOff, IconCrown } from '@tabler/icons-react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { AccountPage } from '../../../components/account-page';
import { CURRENT_PLAN, FEATURE_PITCH, type Plan, PLANS, type UpgradeFeature } from './plans';

function PlanCard({ plan, highlighted, onChoose }: { plan: Plan; highlighted: boolean; onChoose(plan: Plan): void }) {
  const current = plan.id === CURRENT_PLAN;
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
            ${plan.price}
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
        {current ? (
          <Button variant="default" disabled fullWidth>
            Your plan
          </Button>
        ) : (
          <Button variant={highlighted ? 'filled' : 'light'} fullWidth onClick={() => onChoose(plan)}>
            Upgrade to {plan.name}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /upgrade: the plan comparison; payment is not available yet, and the page says so when asked to pay. */
export function UpgradePage({ feature }: { feature?: UpgradeFeature }) {
  const router = useRouter();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Plan | null>(null);
  const pitch = feature ? FEATURE_PITCH[feature] : null;
  const notice = useRef<HTMLDivElement>(null);

  // The notice sits above the plans, out of sight once a small screen has scrolled to a plan.
  useEffect(() => {
    if (chosen) notice.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [chosen]);

  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/getting-started' });
  };

  return (
    <AccountPage title="Upgrade" subtitle="Compare the plans and pick what your phone line needs.">
      <Stack gap="lg" maw={1040}>
        <Group>
          <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} onClick={back} px="xs">
            Back
          </Button>
        </Group>
        {pitch && (
          <Alert variant="light" icon={<IconCrown size={18} />} title={pitch.title}>
            {pitch.text}
          </Alert>
        )}
        {chosen && (
          <Alert
            ref={notice}
            variant="light"
            color="orange"
            icon={<IconCreditCardOff size={18} />}
            title="Payment is not available yet"
            withCloseButton
            onClose={() => setChosen(null)}
            role="alert"
          >
            Upgrading to {chosen.name} opens soon. Nothing has been charged and your account stays on the Free plan.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} highlighted={plan.id === 'pro'} onChoose={setChosen} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Prices in US dollars, billed monthly once payment opens.
        </Text>
      </Stack>
    </AccountPage>
  );
}
