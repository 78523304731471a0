import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-context';
import { AuthGuard } from '../features/auth/auth-guard';
import { SignedInLayout } from '../layout/signed-in/signed-in-layout';

/** The guarded group: signed-in users get the sidebar layout, others the sign-in message. */
export const Route = createFileRoute('/_authenticated')({ component: GuardedLayout });

function GuardedLayout() {
  const { user } = useAuth();
  return (
    <AuthGuard>
      {user && (
        <SignedInLayout user={user}>
          <Outlet />
        </SignedInLayout>
      )}
    </AuthGuard>
  );
}
