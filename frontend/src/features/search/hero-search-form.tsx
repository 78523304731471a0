import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingStore, IconInfoCircle, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  hasErrors,
  type SearchFormErrors,
  type SearchFormValues,
  trimSearchForm,
  validateSearchForm,
} from './search-form-validation';

interface HeroSearchFormProps {
  initialValues?: Partial<SearchFormValues>;
  /** Called with trimmed values once they pass validation. */
  onSearch?: (values: SearchFormValues) => void;
}

/** The hero search: business name and location, validated per spec section 5. */
export function HeroSearchForm({ initialValues, onSearch }: HeroSearchFormProps) {
  const [values, setValues] = useState<SearchFormValues>({
    businessName: initialValues?.businessName ?? '',
    location: initialValues?.location ?? '',
  });
  const [errors, setErrors] = useState<SearchFormErrors>({});
  const [submitted, setSubmitted] = useState<SearchFormValues | null>(null);

  const change = (field: keyof SearchFormValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    // After a failed submit, typing in a field clears that field's error.
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSearchForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      setSubmitted(null);
      return;
    }
    const trimmed = trimSearchForm(values);
    setSubmitted(trimmed);
    onSearch?.(trimmed);
  };

  return (
    <Card id="hero-search" withBorder shadow="md" radius="lg" padding="xl" w="100%">
      <form onSubmit={submit} noValidate aria-label="Find your business">
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
            label="Business name"
            placeholder="e.g., Pizza Palace"
            leftSection={<IconBuildingStore size={16} />}
            value={values.businessName}
            onChange={change('businessName')}
            error={errors.businessName}
            autoComplete="organization"
            size="md"
          />
          <TextInput
            label="Location"
            placeholder="e.g., New York, NY"
            leftSection={<IconMapPin size={16} />}
            value={values.location}
            onChange={change('location')}
            error={errors.location}
            autoComplete="address-level2"
            size="md"
          />
          <Button type="submit" size="md" leftSection={<IconSearch size={18} />} fullWidth>
            Find my business
          </Button>
          {submitted ? (
            <Alert variant="light" color="ringcheck" icon={<IconInfoCircle size={18} />} title="Search is coming soon">
              Business search opens in an upcoming release. We could not look up “{submitted.businessName}” in{' '}
              {submitted.location} yet.
            </Alert>
          ) : (
            <Text fz="xs" c="dimmed" ta="center">
              No account needed to run a test call.
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
