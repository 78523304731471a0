import { createFileRoute } from '@tanstack/react-router';
import { callQuery } from '../../api/calls-queries';
import { CallAnalysisLoading, CallAnalysisPage, CallAnalysisUnavailable } from '../../features/calls/analysis/call-analysis-page';

export const Route = createFileRoute('/_authenticated/call/$callId/analysis')({
  loader: ({ context: { queryClient, apis }, params }) => queryClient.ensureQueryData(callQuery(apis.calls, params.callId)),
  pendingComponent: CallAnalysisLoading,
  errorComponent: CallAnalysisUnavailable,
  component: CallAnalysisRoute,
});

function CallAnalysisRoute() {
  const { callId } = Route.useParams();
  return <CallAnalysisPage callId={callId} />;
}
