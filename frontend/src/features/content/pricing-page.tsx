import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PricingDocument } from '../../api/content-api';
import { plansQuery } from '../../api/content-queries';
import { useAppServices } from '../../app/app-services';
import { PageSection } from '../../components/page-section';
import { usePageTitle } from '../../components/use-page-title';
import { CONTENT_MESSAGES, PRICING_SKELETON_CARDS } from './content-messages';
import { ContentEmpty, ContentLoadFailed, SkeletonCards } from './content-states';
import { useSignUpOr } from './content-cta';

const PLAN_COLS = { base: 1, md: 3 };

/** /pricing (spec section 2): one card per plan, in creation order. */
export function PricingPage() {
  usePageTitle('Pricing');
  const { apis } = useAppServices();
  const plans = useQuery(plansQuery(apis.content));
  return (
    <PageSection title={CONTENT_MESSAGES.pricingTitle} subtitle="Start free. Upgrade when you follow more locations or want regular checkups.">
      {plans.isPending ? (
        <SkeletonCards count={PRICING_SKELETON_CARDS} label="Loading plans" cols={PLAN_COLS} lines={5} testId="pricing-skeleton-card" />
      ) : plans.isError ? (
        <ContentLoadFailed message={CONTENT_MESSAGES.pricingFailed} />
      ) : plans.data.length === 0 ? (
        <ContentEmpty message={CONTENT_MESSAGES.pricingEmpty} />
      ) : (
        <SimpleGrid cols={PLAN_COLS} spacing="lg">
          {plans.data.map((plan) => (
            <PricingCard key={plan._id} plan={plan} />
          ))}
        </SimpleGrid>
      )}
    </PageSection>
  );
}

/** "$29/month" as a large amount and a small period. */
function splitPrice(price: string): { amount: string; period: string } {
  const slash = price.indexOf('/');
  return slash > 0 ? { amount: price.slice(0, slash), period: `per ${price.slice(slash + 1)}` } : { amount: price, period: '' };
}

function PricingCard({ plan }: { plan: PricingDocument }) {
  // A free plan is where a new account starts; a paid one is chosen on the upgrade page.
  const free = /^\$?0(\.0+)?\b/.test(plan.price.trim());
  const getStarted = useSignUpOr(free ? '/getting-started' : '/upgrade', 'pricing_get_started');
  const { amount, period } = splitPrice(plan.price);
  const titleId = `plan-${plan._id}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="article"
      aria-labelledby={titleId}
      shadow={plan.isRecommended ? 'md' : undefined}
      style={plan.isRecommended ? { borderColor: 'var(--mantine-color-ringcheck-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="lg" h="100%">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={2} fz="h3" id={titleId}>
            {plan.title}
          </Title>
          {plan.isRecommended && (
            <Badge variant="filled" leftSection={<IconCrown size={12} aria-hidden />}>
              {CONTENT_MESSAGES.recommended}
            </Badge>
          )}
        </Group>
        <Group gap={6} align="baseline">
          <Text fz={40} fw={800} lh={1}>
            {amount}
          </Text>
          {period && (
            <Text c="dimmed" size="sm">
              {period}
            </Text>
          )}
        </Group>
        <List
          spacing={10}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCheck size={12} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          fullWidth
          size="md"
          variant={plan.isRecommended ? 'filled' : 'default'}
          data-cta="pricing-get-started"
          data-plan={plan.title}
          aria-label={`${CONTENT_MESSAGES.getStarted} with ${plan.title}`}
          onClick={() => getStarted({ plan: plan.title })}
        >
          {CONTENT_MESSAGES.getStarted}
        </Button>
      </Stack>
    </Card>
  );
}
