import { createFileRoute, redirect } from '@tanstack/react-router';
import { onboardingProgressQuery } from '../api/users-queries';
import { usePageTitle } from '../components/use-page-title';
import { HomeDiscovery } from '../features/discovery/components/home-discovery';
import { DeferredHomeSections, loadHomeSections } from '../features/marketing/deferred-home-sections';
import { ProductSection } from '../features/marketing/product-section';
import { shouldRedirectToGettingStarted } from '../features/onboarding/getting-started-prompt';
import { homeFormRequest } from '../features/search/home-form-request';

interface HomeSearch {
  name?: string;
  business_name?: string;
  location?: string;
  onboarding?: string;
  action?: string;
}

const optionalText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch => ({
    name: optionalText(search.name),
    business_name: optionalText(search.business_name),
    location: optionalText(search.location),
    onboarding: optionalText(search.onboarding),
    action: optionalText(search.action),
  }),
  // A signed-in first-time user goes to the checklist (spec section 4). Home does not wait for a
  // session still loading: once it is known, every route loads again.
  beforeLoad: async ({ context: { session, queryClient, apis }, location }) => {
    const user = session.current()?.user;
    if (!user) return;
    const progress = await queryClient.ensureQueryData(onboardingProgressQuery(apis.users, user.id)).catch(() => undefined);
    if (shouldRedirectToGettingStarted({ pathname: location.pathname, search: location.searchStr, signedIn: true, progress })) {
      throw redirect({ to: '/getting-started', replace: true });
    }
  },
  // The sections below the fold start loading with the page, which does not wait for them.
  loader: () => void loadHomeSections(),
  component: HomePage,
});

function HomePage() {
  const search = Route.useSearch();
  usePageTitle();
  return (
    <>
      <HomeDiscovery
        initialValues={{ businessName: search.name ?? search.business_name, location: search.location }}
        formRequest={homeFormRequest(search)}
      />
      <ProductSection />
      <DeferredHomeSections />
    </>
  );
}
