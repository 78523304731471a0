import { createFileRoute } from '@tanstack/react-router';
import { onboardingProgressQuery } from '../../api/users-queries';
import {
  GettingStartedLoadFailed,
  GettingStartedLoading,
  GettingStartedPage,
} from '../../features/onboarding/components/getting-started-page';

export const Route = createFileRoute('/_authenticated/getting-started')({
  loader: ({ context: { queryClient, apis, user } }) => queryClient.ensureQueryData(onboardingProgressQuery(apis.users, user.id)),
  pendingComponent: GettingStartedLoading,
  errorComponent: GettingStartedLoadFailed,
  component: GettingStartedRoute,
});

function GettingStartedRoute() {
  const { user } = Route.useRouteContext();
  return <GettingStartedPage userId={user.id} />;
}
