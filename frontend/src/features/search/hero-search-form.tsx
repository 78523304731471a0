import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingStore, IconMapPin, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { SearchFormValues } from './search-form-validation';
import classes from './search.module.css';
import type { SearchForm } from './use-search-form';

interface HeroSearchFormProps {
  form: SearchForm;
  /** Called with trimmed values once they pass validation. */
  onSearch(values: SearchFormValues): void;
  /** Draws attention to the form (the first-call onboarding). */
  highlighted?: boolean;
  /** The business name input, for whoever brings the form forward. */
  businessNameRef?: Ref<HTMLInputElement>;
}

export const HERO_SEARCH_ID = 'hero-search';

/** The hero search: business name and location, validated per spec section 5. */
export function HeroSearchForm({ form, onSearch, highlighted = false, businessNameRef }: HeroSearchFormProps) {
  return (
    <Card
      id={HERO_SEARCH_ID}
      withBorder
      shadow="md"
      radius="lg"
      padding="xl"
      w="100%"
      className={classes.heroForm}
      data-highlighted={highlighted || undefined}
    >
      <form onSubmit={form.submit(onSearch)} noValidate aria-label="Find your business">
        <Stack gap="md">
          <div>
            <Title order={2} fz="h3">
              Check your phone line
            </Title>
            <Text c="dimmed" fz="sm">
              Find your business, and we'll call it like a customer would.
            </Text>
          </div>
          <TextInput
            ref={businessNameRef}
            label="Business name"
            placeholder="e.g., Pizza Palace"
            leftSection={<IconBuildingStore size={16} />}
            value={form.values.businessName}
            onChange={form.change('businessName')}
            error={form.errors.businessName}
            autoComplete="organization"
            size="md"
          />
          <TextInput
            label="Location"
            placeholder="e.g., New York, NY"
            leftSection={<IconMapPin size={16} />}
            value={form.values.location}
            onChange={form.change('location')}
            error={form.errors.location}
            autoComplete="address-level2"
            size="md"
          />
          <Button type="submit" size="md" leftSection={<IconSearch size={18} />} fullWidth data-cta="Find my business" data-cta-location="home_hero" data-cta-destination="search">
            Find my business
          </Button>
          <Text fz="xs" c="dimmed" ta="center">
            No account needed to run a test call.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
