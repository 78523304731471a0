import { Anchor, Box, Container, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HeroSection } from '../../marketing/hero-section';
import { CompactSearchBar } from '../../search/compact-search-bar';
import { isDemoSearch } from '../../search/demo-search';
import { HERO_SEARCH_ID, HeroSearchForm } from '../../search/hero-search-form';
import type { SearchFormValues } from '../../search/search-form-validation';
import { useSearchForm } from '../../search/use-search-form';
import { demoResults } from '../demo-business';
import { useDiscoverySearch } from '../use-discovery-search';
import { BusinessResults } from './business-results';

export const FORM_HIGHLIGHT_MS = 3000;

interface HomeDiscoveryProps {
  initialValues?: Partial<SearchFormValues>;
  /** The first-call onboarding variant: a way back to the checklist, and the form brought forward. */
  onboarding?: boolean;
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** Home's search: the hero form, then a compact sticky search bar above the results. */
export function HomeDiscovery({ initialValues, onboarding = false }: HomeDiscoveryProps) {
  const form = useSearchForm(initialValues);
  const discovery = useDiscoverySearch('home');
  const [highlighted, setHighlighted] = useState(false);
  const businessNameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!onboarding) return undefined;
    // After the router has restored the page's scroll position for this navigation.
    const frame = requestAnimationFrame(() =>
      document.getElementById(HERO_SEARCH_ID)?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }),
    );
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), FORM_HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [onboarding]);

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
            {onboarding && (
              <Group mb="sm">
                <Anchor component={Link} to="/getting-started" fz="sm" fw={500}>
                  <Group gap={4} component="span">
                    <IconArrowLeft size={16} aria-hidden />
                    Back to Getting Started
                  </Group>
                </Anchor>
              </Group>
            )}
            <HeroSearchForm form={form} onSearch={submit} highlighted={highlighted} />
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
          <BusinessResults state={discovery.state} source="home" onSearchAgain={searchAgain} />
        </Container>
      </Box>
    </>
  );
}
