import { Container, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/use-page-title';
import { useAuth } from '../../auth/auth-context';
import { useCallCompletionTracking } from '../../tracking/use-call-completion-tracking';
import { CALL_MESSAGES } from '../call-messages';
import { useCancelCall } from '../live/use-cancel-call';
import { useLiveCall } from '../live/use-live-call';
import { CallCard } from './call-card';
import { CallCardSkeleton } from './call-card-skeleton';
import { CallReportError } from './call-report-error';
import { PublicReportHeader, WelcomeBanner } from './report-headers';

/** The report page around its call card: the signed-in view's welcome banner, or the public header. */
function CallReportLayout({ children }: { children: ReactNode }) {
  usePageTitle('Call report');
  const auth = useAuth();
  return (
    <Container size="md" py={{ base: 24, sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        {auth.user ? <WelcomeBanner firstName={auth.user.firstName} /> : <PublicReportHeader />}
        {children}
      </Stack>
    </Container>
  );
}

function LiveCallReport({ callId }: { callId: string }) {
  const { call, accept, refresh } = useLiveCall(callId);
  const { cancel, canceling } = useCancelCall(accept, refresh);
  useCallCompletionTracking(call);
  if (!call) return <CallCardSkeleton />;
  // The API says whose call it is (an anonymous owner sees the preview but may cancel).
  const mayCancel = call.viewer_is_owner === true;
  return <CallCard call={call} onCancel={mayCancel ? () => cancel(call) : undefined} canceling={canceling} />;
}

/** /call/{callId}: the live call report, for everyone (spec section 2). */
export function CallReportPage({ callId }: { callId: string }) {
  const id = callId.trim();
  return (
    <CallReportLayout>
      {id ? (
        <LiveCallReport key={id} callId={id} />
      ) : (
        <CallReportError title={CALL_MESSAGES.callIdRequired} message={CALL_MESSAGES.idMissingForPolling} />
      )}
    </CallReportLayout>
  );
}

/** The report while its route loads the call. */
export function CallReportLoading() {
  return (
    <CallReportLayout>
      <CallCardSkeleton />
    </CallReportLayout>
  );
}

/** The report when the call could not be loaded; Try Again loads the route again. */
export function CallReportLoadFailed() {
  const router = useRouter();
  return (
    <CallReportLayout>
      <CallReportError title="Call report unavailable" message={CALL_MESSAGES.loadFailed} onRetry={() => void router.invalidate()} />
    </CallReportLayout>
  );
}
