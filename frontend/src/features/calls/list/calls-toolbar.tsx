import { ActionIcon, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { STATUS_LABELS } from '../display/call-labels';
import { type CallListView, type SortKey, STATUS_FILTERS, type StatusFilter } from './call-list-view';

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All statuses' : STATUS_LABELS[value],
}));

const SORT_OPTIONS: Array<{ value: SortKey; label: string }> = [
  { value: 'date', label: 'Date' },
  { value: 'business', label: 'Business' },
  { value: 'status', label: 'Status' },
];

interface CallsToolbarProps {
  view: CallListView;
  onChange(view: CallListView): void;
}

/** Search, status filter, sort key and direction. */
export function CallsToolbar({ view, onChange }: CallsToolbarProps) {
  const ascending = view.direction === 'asc';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        style={{ flex: '1 1 260px' }}
        label="Search"
        placeholder="Business name or call ID"
        leftSection={<IconSearch size={16} />}
        value={view.search}
        onChange={(event) => onChange({ ...view, search: event.currentTarget.value })}
      />
      <Select
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        label="Status"
        data={STATUS_OPTIONS}
        value={view.status}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...view, status: value as StatusFilter })}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap={6} wrap="nowrap" w={{ base: 'calc(50% - 6px)', xs: 'auto' }} align="flex-end">
        <Select
          style={{ flex: 1 }}
          w={{ xs: 140 }}
          label="Sort by"
          data={SORT_OPTIONS}
          value={view.sort}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...view, sort: value as SortKey })}
        />
        <Tooltip label={ascending ? 'Ascending' : 'Descending'} withArrow>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
            onClick={() => onChange({ ...view, direction: ascending ? 'desc' : 'asc' })}
          >
            {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
