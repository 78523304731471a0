import { Container, Stack } from '@mantine/core';
import { usePageTitle } from '../../../components/use-page-title';
import { useAuth } from '../../auth/auth-context';
import { CALL_MESSAGES } from '../call-messages';
import { useCancelCall } from '../live/use-cancel-call';
import { useLiveCall } from '../live/use-live-call';
import { CallCard } from './call-card';
import { CallCardSkeleton } from './call-card-skeleton';
import { CallReportError } from './call-report-error';
import { PublicReportHeader, WelcomeBanner } from './report-headers';

function LiveCallReport({ callId }: { callId: string }) {
  const live = useLiveCall(callId);
  const { accept, refresh } = live;
  const { cancel, canceling } = useCancelCall(accept, () => void refresh());
  const { state } = live;

  if (state.kind === 'loading') return <CallCardSkeleton />;
  if (state.kind === 'error') {
    const title = state.message === CALL_MESSAGES.loadFailed ? 'Call report unavailable' : 'Call status unavailable';
    return <CallReportError title={title} message={state.message} onRetry={live.retry} />;
  }
  const { call } = state;
  // The API says whose call it is (an anonymous owner sees the preview but may cancel).
  const mayCancel = call.viewer_is_owner === true;
  return <CallCard call={call} onCancel={mayCancel ? () => cancel(call) : undefined} canceling={canceling} />;
}

/** /call/{callId}: the live call report, for everyone (spec section 2). */
export function CallReportPage({ callId }: { callId: string }) {
  usePageTitle('Call report');
  const auth = useAuth();
  const id = callId.trim();
  return (
    <Container size="md" py={{ base: 24, sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        {auth.user ? <WelcomeBanner firstName={auth.user.firstName} /> : <PublicReportHeader />}
        {id ? (
          <LiveCallReport key={id} callId={id} />
        ) : (
          <CallReportError title={CALL_MESSAGES.callIdRequired} message={CALL_MESSAGES.idMissingForPolling} />
        )}
      </Stack>
    </Container>
  );
}
