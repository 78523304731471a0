import { Card, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBulb, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComparisonDocument } from '../../api/content-api';
import { comparisonQuery } from '../../api/content-queries';
import { useAppServices } from '../../app/app-services';
import { EmptyState } from '../../components/empty-state';
import { PageSection } from '../../components/page-section';
import { usePageTitle } from '../../components/use-page-title';
import { AnchorLink } from '../calls/components/anchor-link';
import { ButtonLink } from '../calls/components/button-link';
import { ComparisonCallToAction } from './content-cta';
import { CONTENT_MESSAGES } from './content-messages';
import { ContentLoadFailed } from './content-states';


/** /comparison/{slug}: one alternative side by side with Ringcheck. */
export function ComparisonDetailPage({ slug }: { slug: string }) {
  const { apis } = useAppServices();
  const comparison = useQuery(comparisonQuery(apis.content, slug));
  const found = comparison.data ?? null;
  usePageTitle(found ? `Ringcheck vs ${found.competitor}` : 'Comparison');

  if (comparison.isPending) {
    return (
      <PageSection title={CONTENT_MESSAGES.comparisonTitle}>
        <Stack gap="md" maw={880} w="100%" mx="auto" role="region" aria-busy="true" aria-label="Loading the comparison">
          <Skeleton height={28} width="50%" radius="sm" />
          <Skeleton height={14} radius="sm" />
          <Skeleton height={14} width="80%" radius="sm" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </PageSection>
    );
  }
  if (comparison.isError) {
    return (
      <PageSection title={CONTENT_MESSAGES.comparisonTitle}>
        <ContentLoadFailed message={CONTENT_MESSAGES.comparisonFailed} />
        <BackToComparisons />
      </PageSection>
    );
  }
  if (!found) {
    return (
      <PageSection title="Comparison not found">
        <EmptyState
          icon={<IconSearchOff size={26} />}
          color="gray"
          title={`There is no comparison called "${slug}"`}
          hint="It may have been renamed. Every comparison we publish is listed on the comparison page."
          action={
            <ButtonLink to="/comparison" mt="xs">
              See all comparisons
            </ButtonLink>
          }
        />
      </PageSection>
    );
  }
  return <ComparisonDetail comparison={found} />;
}

function BackToComparisons() {
  return (
    <AnchorLink to="/comparison" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'center' }}>
      <IconArrowLeft size={16} aria-hidden />
      All comparisons
    </AnchorLink>
  );
}

function ComparisonDetail({ comparison }: { comparison: ComparisonDocument }) {
  const points = comparison.points ?? [];
  return (
    <PageSection title={`Ringcheck vs ${comparison.competitor}`} subtitle={comparison.advantage}>
      <Stack gap="xl" maw={960} w="100%" mx="auto">
        <BackToComparisons />
        {comparison.summary && (
          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="about-alternative">
            <Stack gap="xs">
              <Title order={2} fz="h4" id="about-alternative">
                About {comparison.competitor.toLowerCase()}
              </Title>
              <Text c="gray.8" lh={1.65}>
                {comparison.summary}
              </Text>
            </Stack>
          </Paper>
        )}
        {points.length > 0 && (
          <section aria-labelledby="side-by-side">
            <Title order={2} fz="h4" id="side-by-side" mb="sm">
              Side by side
            </Title>
            {/* A table from tablets up; on a phone each topic is a card of its own. */}
            <Paper withBorder radius="lg" visibleFrom="sm" style={{ overflow: 'hidden' }}>
              <Table verticalSpacing="md" horizontalSpacing="lg" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w="20%">
                      Topic
                    </Table.Th>
                    <Table.Th scope="col">Ringcheck</Table.Th>
                    <Table.Th scope="col">{comparison.competitor}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {points.map((point) => (
                    <Table.Tr key={point._key}>
                      <Table.Th scope="row">{point.topic}</Table.Th>
                      <Table.Td>{point.ringcheck}</Table.Td>
                      <Table.Td>{point.alternative}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
            <SimpleGrid cols={1} spacing="sm" hiddenFrom="sm">
              {points.map((point) => (
                <Card key={point._key} withBorder radius="md" padding="md">
                  <Stack gap={6}>
                    <Text fw={700}>{point.topic}</Text>
                    <Text size="sm">
                      <Text span fw={600}>
                        Ringcheck:{' '}
                      </Text>
                      {point.ringcheck}
                    </Text>
                    <Text size="sm">
                      <Text span fw={600}>
                        {comparison.competitor}:{' '}
                      </Text>
                      {point.alternative}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        )}
        {comparison.chooseAlternativeWhen && (
          <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="when-alternative">
            <Stack gap="xs">
              <Title order={2} fz="h4" id="when-alternative" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <ThemeIcon variant="light" color="yellow" radius="xl" aria-hidden>
                  <IconBulb size={16} />
                </ThemeIcon>
                When to choose {comparison.competitor.toLowerCase()} instead
              </Title>
              <Text c="gray.8" lh={1.65}>
                {comparison.chooseAlternativeWhen}
              </Text>
            </Stack>
          </Paper>
        )}
        <ComparisonCallToAction location="comparison_detail" />
      </Stack>
    </PageSection>
  );
}
