import { createFileRoute } from '@tanstack/react-router';
import { CallReportPage } from '../features/calls/report/call-report-page';

export const Route = createFileRoute('/call/$callId')({ component: CallReportRoute });

function CallReportRoute() {
  const { callId } = Route.useParams();
  return <CallReportPage callId={callId} />;
}
