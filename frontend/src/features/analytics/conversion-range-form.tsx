import { Button, Group, Paper, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type ConversionSearch, type RangeFormErrors, type RangeFormValues, rangeErrors, searchOfForm } from './conversion-range';

interface ConversionRangeFormProps {
  /** The range and moment on screen; the form starts from them. */
  initial: RangeFormValues;
  onApply(search: ConversionSearch): void;
}

/** First and last day of first visits, and optionally the moment the figures should be as of. */
export function ConversionRangeForm({ initial, onApply }: ConversionRangeFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<RangeFormErrors>({});

  const change = (field: keyof RangeFormValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(searchOfForm(values));
  };

  const latest = () => {
    const next = { ...values, asOf: '' };
    setValues(next);
    const found = rangeErrors(next);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(searchOfForm(next));
  };

  return (
    <Paper withBorder radius="lg" p="md" component="form" aria-label="Date range" noValidate onSubmit={submit}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <TextInput type="date" label="From" description="First visit on or after" value={values.from} onChange={change('from')} error={errors.from} w={{ base: '100%', xs: 170 }} />
        <TextInput type="date" label="To" description="First visit on or before" value={values.to} onChange={change('to')} error={errors.to} w={{ base: '100%', xs: 170 }} />
        <TextInput
          type="datetime-local"
          label="As of"
          description="Empty for the latest figures"
          value={values.asOf}
          onChange={change('asOf')}
          error={errors.asOf}
          w={{ base: '100%', xs: 230 }}
        />
        <Group gap="xs" mt={{ base: 0, xs: 44 }}>
          <Button type="submit">Apply</Button>
          {initial.asOf && (
            <Button variant="default" onClick={latest}>
              Latest figures
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
