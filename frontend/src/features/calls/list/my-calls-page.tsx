import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPhonePlus } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
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

/** The page around the list: its title and the New Call button. */
function MyCallsLayout({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="My Calls" subtitle="Every test call you have placed, with its status and report.">
      <Group justify="flex-end" mt={-8}>
        <ButtonLink to="/" search={{ action: 'new-call' }} leftSection={<IconPhonePlus size={16} />}>
          {CALL_MESSAGES.newCall}
        </ButtonLink>
      </Group>
      {children}
    </AccountPage>
  );
}

/** /calls: the signed-in user's calls with stats, search, status filter and sorting (spec section 2). */
export function MyCallsPage({ userId }: { userId: string }) {
  const { data } = useMyCalls(userId);
  const [view, setView] = useState<CallListView>(DEFAULT_VIEW);
  const calls = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => applyCallListView(calls, view), [calls, view]);
  const stats = useMemo(() => callStats(calls), [calls]);

  return (
    <MyCallsLayout>
      {calls.length === 0 ? (
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
    </MyCallsLayout>
  );
}

/** The page while its route loads the calls. */
export function MyCallsLoading() {
  return (
    <MyCallsLayout>
      <ListSkeleton />
    </MyCallsLayout>
  );
}

/** The page when the calls could not be loaded; Try Again loads the route again. */
export function MyCallsLoadFailed({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <MyCallsLayout>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Your calls could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{error instanceof Error ? error.message : 'Please try again.'}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void router.invalidate()}>
            {CALL_MESSAGES.tryAgain}
          </Button>
        </Stack>
      </Alert>
    </MyCallsLayout>
  );
}
