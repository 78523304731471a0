import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComparisonDocument } from '../../api/content-api';
import { comparisonsQuery } from '../../api/content-queries';
import { useAppServices } from '../../app/app-services';
import { AnchorLink } from '../calls/components/anchor-link';
import { PageSection } from '../../components/page-section';
import { usePageTitle } from '../../components/use-page-title';
import classes from './content.module.css';
import { ComparisonCallToAction } from './content-cta';
import { COMPARISON_SKELETON_CARDS, CONTENT_MESSAGES } from './content-messages';
import { ContentEmpty, ContentLoadFailed, SkeletonCards } from './content-states';

const COMPARISON_COLS = { base: 1, sm: 2 };

/** /comparison (spec section 2): one card per alternative, each leading to its own page. */
export function ComparisonPage() {
  usePageTitle('Comparison');
  const { apis } = useAppServices();
  const comparisons = useQuery(comparisonsQuery(apis.content));
  return (
    <PageSection title={CONTENT_MESSAGES.comparisonTitle} subtitle="How a Ringcheck test call compares with the other ways owners check their phone line.">
      {comparisons.isPending ? (
        <SkeletonCards count={COMPARISON_SKELETON_CARDS} label="Loading comparisons" cols={COMPARISON_COLS} lines={3} testId="comparison-skeleton-card" />
      ) : comparisons.isError ? (
        <ContentLoadFailed message={CONTENT_MESSAGES.comparisonFailed} />
      ) : comparisons.data.length === 0 ? (
        <ContentEmpty message={CONTENT_MESSAGES.comparisonEmpty} />
      ) : (
        <SimpleGrid cols={COMPARISON_COLS} spacing="lg">
          {comparisons.data.map((comparison) => (
            <ComparisonCard key={comparison._id} comparison={comparison} />
          ))}
        </SimpleGrid>
      )}
      <ComparisonCallToAction location="comparison" />
    </PageSection>
  );
}

function ComparisonCard({ comparison }: { comparison: ComparisonDocument }) {
  const titleId = `vs-${comparison.slug.current}`;
  return (
    <Card withBorder radius="lg" padding="xl" component="article" aria-labelledby={titleId} className={classes.linkedCard}>
      <Stack gap="sm" h="100%">
        <Title order={2} fz="h3" id={titleId}>
          <AnchorLink to="/comparison/$slug" params={{ slug: comparison.slug.current }} c="inherit" className={classes.stretchedLink} data-cta="comparison-details">
            vs {comparison.competitor}
          </AnchorLink>
        </Title>
        <Text c="gray.8" lh={1.6} style={{ flex: 1 }}>
          {comparison.advantage}
        </Text>
        <Text c="ringcheck.7" fw={600} size="sm" aria-hidden style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          See the full comparison
          <IconArrowRight size={16} />
        </Text>
      </Stack>
    </Card>
  );
}
