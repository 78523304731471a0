import { Box, Button, Container, Group, TextInput } from '@mantine/core';
import { IconBuildingStore, IconMapPin, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { SearchFormValues } from './search-form-validation';
import classes from './search.module.css';
import type { SearchForm } from './use-search-form';

interface CompactSearchBarProps {
  form: SearchForm;
  onSearch(values: SearchFormValues): void;
  onNewSearch(): void;
  businessNameRef?: Ref<HTMLInputElement>;
}

/** The search once it has run: compact, sticky under the header, with a reset. */
export function CompactSearchBar({ form, onSearch, onNewSearch, businessNameRef }: CompactSearchBarProps) {
  return (
    <Box className={classes.compactBar} py="sm">
      <Container size="lg">
        <form onSubmit={form.submit(onSearch)} noValidate aria-label="Search again">
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              ref={businessNameRef}
              aria-label="Business name"
              placeholder="e.g., Pizza Palace"
              leftSection={<IconBuildingStore size={16} />}
              value={form.values.businessName}
              onChange={form.change('businessName')}
              error={form.errors.businessName}
              style={{ flex: '1 1 180px' }}
            />
            <TextInput
              aria-label="Location"
              placeholder="e.g., New York, NY"
              leftSection={<IconMapPin size={16} />}
              value={form.values.location}
              onChange={form.change('location')}
              error={form.errors.location}
              style={{ flex: '1 1 140px' }}
            />
            <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }}>
              <Button type="submit" leftSection={<IconSearch size={16} />}>
                Search
              </Button>
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onNewSearch}>
                New Search
              </Button>
            </Group>
          </Group>
        </form>
      </Container>
    </Box>
  );
}
