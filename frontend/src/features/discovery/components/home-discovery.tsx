import { Anchor, Box, Container, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { RateLimitAllowance } from '../../../app/rate-limit-allowance';
import { HeroSection } from '../../marketing/hero-section';
import { CompactSearchBar } from '../../search/compact-search-bar';
import { isDemoSearch } from '../../search/demo-search';
import { HeroSearchForm } from '../../search/hero-search-form';
import type { FormRequest } from '../../search/home-form-request';
import type { SearchFormValues } from '../../search/search-form-validation';
import { useSearchForm } from '../../search/use-search-form';
import { demoResults } from '../demo-business';
import { useDiscoverySearch } from '../use-discovery-search';
import { useBringFormForward } from './use-bring-form-forward';

// The results (cards, hours, call buttons) load once a visitor turns to the form, not with the page.
let resultsModule: Promise<typeof import('./business-results')> | null = null;
const loadResults = () => (resultsModule ??= import('./business-results'));
const BusinessResults = lazy(() => loadResults().then((module) => ({ default: module.BusinessResults })));

interface HomeDiscoveryProps {
  initialValues?: Partial<SearchFormValues>;
  /**
   * Why home opened on its form: the first-call onboarding variant (a way back to the checklist, the
   * form highlighted) or New Call / Try Again (the business name focused). Either brings the form forward.
   */
  formRequest?: FormRequest;
}

/** Starts loading the results' code when a pointer or the focus reaches the search form. */
function usePreloadOnApproach(field: { current: HTMLInputElement | null }) {
  useEffect(() => {
    const form = field.current?.form;
    if (!form) return undefined;
    const preload = () => void loadResults();
    form.addEventListener('pointerenter', preload);
    form.addEventListener('focusin', preload);
    return () => {
      form.removeEventListener('pointerenter', preload);
      form.removeEventListener('focusin', preload);
    };
  }, [field]);
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** Home's search: the hero form, then a compact sticky search bar above the results. */
export function HomeDiscovery({ initialValues, formRequest = null }: HomeDiscoveryProps) {
  const form = useSearchForm(initialValues);
  const discovery = useDiscoverySearch('home');
  const businessNameInput = useRef<HTMLInputElement>(null);
  const highlighted = useBringFormForward(formRequest, businessNameInput);
  usePreloadOnApproach(businessNameInput);

  const { search, show, reset } = discovery;
  const submit = useCallback(
    (values: SearchFormValues) => {
      if (isDemoSearch(values)) {
        notifications.show({
          color: 'grape',
          title: 'Test Mode Activated',
          message: 'Showing a demo business; its test call is simulated.',
        });
        show(demoResults(values));
      } else {
        void search(values);
      }
      scrollToTop();
    },
    [search, show],
  );

  const { clear } = form;
  const newSearch = useCallback(() => {
    clear();
    reset();
    scrollToTop();
  }, [clear, reset]);

  const searchAgain = useCallback(() => {
    scrollToTop();
    businessNameInput.current?.focus({ preventScroll: true });
  }, []);

  if (discovery.state.phase === 'idle') {
    return (
      <HeroSection
        searchForm={
          <>
            {formRequest === 'onboarding' && (
              <Group mb="sm">
                <Anchor component={Link} to="/getting-started" fz="sm" fw={500}>
                  <Group gap={4} component="span">
                    <IconArrowLeft size={16} aria-hidden />
                    Back to Getting Started
                  </Group>
                </Anchor>
              </Group>
            )}
            <HeroSearchForm form={form} onSearch={submit} highlighted={highlighted} businessNameRef={businessNameInput} />
            <Box mt="sm">
              <RateLimitAllowance />
            </Box>
          </>
        }
      />
    );
  }

  return (
    <>
      <CompactSearchBar form={form} onSearch={submit} onNewSearch={newSearch} businessNameRef={businessNameInput} />
      <Box
        component="section"
        aria-label="Search results"
        bg="gray.0"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" py={{ base: 32, sm: 48 }}>
          <Suspense fallback={null}>
            <BusinessResults state={discovery.state} source="home" onSearchAgain={searchAgain} />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}
