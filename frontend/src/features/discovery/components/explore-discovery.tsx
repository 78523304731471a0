import { Button, Card, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconMapPin, IconRefresh, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { RateLimitAllowance } from '../../../app/rate-limit-allowance';
import { type SearchFormValues, trimSearchForm } from '../../search/search-form-validation';
import { useDiscoverySearch } from '../use-discovery-search';
import { BusinessResults } from './business-results';
import { SearchTips } from './search-tips';

const EMPTY: SearchFormValues = { businessName: '', location: '' };

export const MISSING_INFORMATION = {
  id: 'explore-missing-information',
  title: 'Missing information',
  message: 'Please provide both business name and location',
} as const;

/** Explore Businesses: the search form stays on top, the results beneath, each with a call action. */
export function ExploreDiscovery() {
  const [values, setValues] = useState<SearchFormValues>(EMPTY);
  const discovery = useDiscoverySearch('explore');
  const businessNameInput = useRef<HTMLInputElement>(null);
  const searching = discovery.state.phase === 'searching';

  const change = (field: keyof SearchFormValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = trimSearchForm(values);
    if (!trimmed.businessName || !trimmed.location) {
      notifications.hide(MISSING_INFORMATION.id);
      notifications.show({ color: 'red', ...MISSING_INFORMATION });
      return;
    }
    notifications.hide(MISSING_INFORMATION.id);
    void discovery.search(trimmed);
  };

  const reset = () => {
    setValues(EMPTY);
    discovery.reset();
    businessNameInput.current?.focus();
  };

  const searchAgain = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    businessNameInput.current?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="xl">
      <RateLimitAllowance />
      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <form onSubmit={submit} noValidate aria-label="Search businesses">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                ref={businessNameInput}
                label="Business Name"
                placeholder="e.g., Pizza Palace"
                leftSection={<IconBuildingStore size={16} />}
                value={values.businessName}
                onChange={change('businessName')}
                autoComplete="organization"
              />
              <TextInput
                label="Location"
                placeholder="e.g., New York, NY"
                leftSection={<IconMapPin size={16} />}
                value={values.location}
                onChange={change('location')}
                autoComplete="address-level2"
              />
            </SimpleGrid>
            <Group gap="sm">
              <Button
                type="submit"
                disabled={searching}
                leftSection={searching ? <Loader size={14} color="gray" /> : <IconSearch size={16} />}
              >
                {searching ? 'Searching...' : 'Search Businesses'}
              </Button>
              {discovery.state.phase !== 'idle' && (
                <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset}>
                  New Search
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Card>
      {discovery.state.phase === 'idle' ? (
        <SearchTips />
      ) : (
        <BusinessResults state={discovery.state} source="explore" requireDiscoveryId onSearchAgain={searchAgain} />
      )}
    </Stack>
  );
}
