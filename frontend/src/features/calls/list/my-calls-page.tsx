import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPhonePlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { AccountPage } from '../../../components/account-page';
import { CALL_MESSAGES } from '../call-messages';
import { ButtonLink } from '../components/button-link';
import { applyCallListView, callStats, type CallListView, DEFAULT_VIEW, isFiltered } from './call-list-view';
import { CallRow } from './call-row';
import { CallStatsTiles } from './call-stats-tiles';
import { CallsToolbar } from './calls-toolbar';
import { NoCallsYet, NoMatchingCalls } from './calls-empty-state';
import { useMyCalls } from './use-my-calls';

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading calls">
      <Group grow>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={76} radius="md" />
        ))}
      </Group>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height={64} radius="md" />
      ))}
    </Stack>
  );
}

/** /calls: the signed-in user's calls with stats, search, status filter and sorting (spec section 2). */
export function MyCallsPage() {
  const query = useMyCalls();
  const [view, setView] = useState<CallListView>(DEFAULT_VIEW);
  const calls = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => applyCallListView(calls, view), [calls, view]);
  const stats = useMemo(() => callStats(calls), [calls]);

  return (
    <AccountPage title="My Calls" subtitle="Every test call you have placed, with its status and report.">
      <Group justify="flex-end" mt={-8}>
        <ButtonLink to="/" search={{ action: 'new-call' }} leftSection={<IconPhonePlus size={16} />}>
          {CALL_MESSAGES.newCall}
        </ButtonLink>
      </Group>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your calls could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{query.error instanceof Error ? query.error.message : 'Please try again.'}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {CALL_MESSAGES.tryAgain}
            </Button>
          </Stack>
        </Alert>
      ) : calls.length === 0 ? (
        <NoCallsYet />
      ) : (
        <Stack gap="md">
          <CallStatsTiles stats={stats} />
          <CallsToolbar view={view} onChange={setView} />
          {shown.length === 0 && isFiltered(view) ? (
            <NoMatchingCalls onClear={() => setView({ ...view, search: '', status: 'all' })} />
          ) : (
            <Stack gap="xs" aria-label="Calls" role="list">
              {shown.map((call) => (
                <div role="listitem" key={call.id}>
                  <CallRow call={call} />
                </div>
              ))}
            </Stack>
          )}
          <Text fz="xs" c="dimmed">
            Showing {shown.length} of {calls.length} {calls.length === 1 ? 'call' : 'calls'}. Only completed calls open their report.
          </Text>
        </Stack>
      )}
    </AccountPage>
  );
}
