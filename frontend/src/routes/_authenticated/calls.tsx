import { createFileRoute } from '@tanstack/react-router';
import { callsListQuery } from '../../api/calls-queries';
import { MyCallsLoadFailed, MyCallsLoading, MyCallsPage } from '../../features/calls/list/my-calls-page';

export const Route = createFileRoute('/_authenticated/calls')({
  loader: ({ context: { queryClient, apis } }) => queryClient.ensureQueryData(callsListQuery(apis.calls)),
  pendingComponent: MyCallsLoading,
  errorComponent: MyCallsLoadFailed,
  component: MyCallsRoute,
});

function MyCallsRoute() {
  const { user } = Route.useRouteContext();
  return <MyCallsPage userId={user.id} />;
}
