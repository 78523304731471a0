import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-context';
import { SessionLoading } from '../features/auth/guard/session-loading';
import { SignedInLayout } from '../layout/signed-in/signed-in-layout';

/**
 * The guarded group: once the session is known, signed-in users get the sidebar layout; anyone else
 * goes to the sign-in page, which brings them back here once signed in.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const { user } = await context.session.known();
    if (!user) throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
    return { user };
  },
  pendingComponent: SessionLoading,
  component: GuardedLayout,
});

function GuardedLayout() {
  // The session, not the route context: a saved profile shows at once.
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SignedInLayout user={user}>
      <Outlet />
    </SignedInLayout>
  );
}
