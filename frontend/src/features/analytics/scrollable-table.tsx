import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface ScrollableTableProps {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** Names the scrolling region, as its table's caption does. */
  label: string;
  children: ReactNode;
}

/** A table that scrolls sideways on narrow screens; the scrolling region takes focus, so keys scroll it too. */
export function ScrollableTable({ minWidth, label, children }: ScrollableTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label, className: 'mantine-focus-auto' } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
