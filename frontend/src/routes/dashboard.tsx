import { createFileRoute, redirect } from '@tanstack/react-router';

/** There is no dashboard page; the checklist's link to it lands on the checklist. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/getting-started', replace: true });
  },
});
