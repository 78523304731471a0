import { Anchor, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { todaysHours } from '../business-display';

interface BusinessHoursProps {
  weekdayText: string[];
  timeZone: string | null;
}

/** Today's opening hours, with the whole week one click away. */
export function BusinessHours({ weekdayText, timeZone }: BusinessHoursProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const today = todaysHours(weekdayText, new Date(), timeZone);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconClock size={16} style={{ flex: 'none', marginTop: 3 }} color="var(--mantine-color-gray-6)" aria-hidden />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fz="sm">{today}</Text>
        {weekdayText.length > 1 && (
          <>
            <Anchor
              component="button"
              type="button"
              fz="xs"
              ta="left"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? 'Hide hours' : 'See all hours'}
            </Anchor>
            <Collapse expanded={open} id={listId}>
              <List size="xs" spacing={2} listStyleType="none" c="gray.7">
                {weekdayText.map((line) => (
                  <List.Item key={line} fw={line === today ? 600 : undefined}>
                    {line}
                  </List.Item>
                ))}
              </List>
            </Collapse>
          </>
        )}
      </Stack>
    </Group>
  );
}
