import { Accordion, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { faqsQuery } from '../../api/content-queries';
import { useAppServices } from '../../app/app-services';
import { PageSection } from '../../components/page-section';
import { usePageTitle } from '../../components/use-page-title';
import { CONTENT_MESSAGES, FAQ_SKELETON_ROWS, failureMessage } from './content-messages';
import { ContentEmpty, ContentLoadFailed } from './content-states';

/** /faq (spec section 2): the questions in creation order, one answer open at a time. */
export function FaqPage() {
  usePageTitle('FAQ');
  const { apis } = useAppServices();
  const faqs = useQuery(faqsQuery(apis.content));
  return (
    <PageSection title={CONTENT_MESSAGES.faqTitle} subtitle="Test calls, reports, privacy and plans, answered.">
      {faqs.isPending ? (
        <Stack gap="sm" maw={820} w="100%" mx="auto" role="region" aria-busy="true" aria-label="Loading questions">
          {Array.from({ length: FAQ_SKELETON_ROWS }, (_, index) => (
            <Skeleton key={index} height={56} radius="md" data-testid="faq-skeleton-row" />
          ))}
        </Stack>
      ) : faqs.isError ? (
        <ContentLoadFailed message={CONTENT_MESSAGES.faqFailed(failureMessage(faqs.error))} />
      ) : faqs.data.length === 0 ? (
        <ContentEmpty message={CONTENT_MESSAGES.faqEmpty} />
      ) : (
        <Paper withBorder radius="lg" maw={820} w="100%" mx="auto" style={{ overflow: 'hidden' }}>
          {/* Not `multiple`: opening one question closes the one that was open. */}
          <Accordion variant="default" chevronPosition="right" transitionDuration={150}>
            {faqs.data.map((faq) => (
              <Accordion.Item key={faq._id} value={faq._id}>
                <Accordion.Control>
                  <Text component="span" fw={600}>
                    {faq.question}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <Text c="gray.8" lh={1.65}>
                    {faq.answer}
                  </Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      )}
    </PageSection>
  );
}
