import { createFileRoute, redirect } from '@tanstack/react-router';
import { returnPathOf } from '../features/auth/guard/return-path';
import { SessionLoading } from '../features/auth/guard/session-loading';
import { SignInRequired } from '../features/auth/guard/sign-in-required';

interface SignInSearch {
  /** The guarded page to come back to. */
  redirect?: string;
}

/** Where a guarded page sends a signed-out visitor; once they sign in they go back to that page. */
export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): SignInSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    const { user } = await context.session.known();
    if (user) throw redirect({ href: returnPathOf(search.redirect), replace: true });
  },
  pendingComponent: SessionLoading,
  component: SignInRequired,
});
