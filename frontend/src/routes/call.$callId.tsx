import { createFileRoute } from '@tanstack/react-router';
import { callQuery } from '../api/calls-queries';
import { CallReportLoadFailed, CallReportLoading, CallReportPage } from '../features/calls/report/call-report-page';

export const Route = createFileRoute('/call/$callId')({
  loader: ({ context: { queryClient, apis }, params }) => {
    const id = params.callId.trim();
    return id ? queryClient.ensureQueryData(callQuery(apis.calls, id)) : null;
  },
  pendingComponent: CallReportLoading,
  errorComponent: CallReportLoadFailed,
  component: CallReportRoute,
});

function CallReportRoute() {
  const { callId } = Route.useParams();
  return <CallReportPage callId={callId} />;
}
