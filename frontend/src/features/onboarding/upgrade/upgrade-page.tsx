import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCreditCardOff, IconCrown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { planUsageQuery } from '../../../api/plans-queries';
import { useAppServices } from '../../../app/app-services';
import { AccountPage } from '../../../components/account-page';
import { PlanCard } from './plan-card';
import { PlanUsageCard } from './plan-usage-card';
import { FEATURE_PITCH, type PlanSummary, type UpgradeFeature } from './plans';

/** /upgrade: the user's plan and usage, and the plan comparison; payment is not available yet, and the page says so when asked to pay. */
export function UpgradePage({ feature }: { feature?: UpgradeFeature }) {
  const router = useRouter();
  const navigate = useNavigate();
  const { apis } = useAppServices();
  const usage = useQuery(planUsageQuery(apis.plans));
  const [chosen, setChosen] = useState<PlanSummary | null>(null);
  const pitch = feature ? FEATURE_PITCH[feature] : null;
  const notice = useRef<HTMLDivElement>(null);
  const plans = usage.data?.plans ?? [];
  const currentPlan = usage.data?.plan ?? null;

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
            Upgrading to {chosen.name} opens soon. Nothing has been charged and your account stays on{' '}
            {currentPlan ? `the ${currentPlan.name} plan` : 'its current plan'}.
          </Alert>
        )}
        <PlanUsageCard query={usage} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} currentPlan={currentPlan} highlighted={plan.id === 'pro'} onChoose={setChosen} />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Prices in US dollars, billed monthly once payment opens.
        </Text>
      </Stack>
    </AccountPage>
  );
}
