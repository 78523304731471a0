import { createFileRoute } from '@tanstack/react-router';
import { CallAnalysisPage } from '../../features/calls/analysis/call-analysis-page';

export const Route = createFileRoute('/_authenticated/call/$callId/analysis')({ component: CallAnalysisRoute });

function CallAnalysisRoute() {
  const { callId } = Route.useParams();
  return <CallAnalysisPage callId={callId} />;
}
