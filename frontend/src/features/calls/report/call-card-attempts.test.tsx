import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallAnalysisFull, CallFullView } from '../../../api/calls-api';
import { renderInApp } from '../../../test/render-app';
import { callFixture, completedCall, FULL_ANALYSIS } from '../testing/call-fixtures';
import { CallCard } from './call-card';

const finished = (analysis: Partial<CallAnalysisFull>, overrides: Partial<CallFullView> = {}) =>
  completedCall('full', { analysis: { ...FULL_ANALYSIS, ...analysis }, ...overrides });

/** Expects the tile `name` to show `value` with `hint` under it. */
function expectTile(name: string, value: string, hint: string) {
  const tile = within(screen.getByRole('group', { name }));
  expect(tile.getByText(value, { exact: true })).toBeInTheDocument();
  // One hint for phones beside the label, one for wider screens under the value; both say the same.
  expect(new Set(tile.getAllByText(/./).map((node) => node.textContent))).toEqual(new Set([name, value, hint]));
}

describe('the call card’s attempt figures', () => {
  it('answered on the first attempt: each hint says so under its own value', async () => {
    await renderInApp(<CallCard call={finished({ connection_status: 'answered', attempts_before_pickup: 1, first_call_success: true })} />);

    expectTile('Attempts before pickup', '1', 'Picked up on the first try');
    expectTile('First-call success', 'Yes', 'Answered on the first attempt');
  });

  it('answered after a retry: the attempt that got through, and No with why', async () => {
    await renderInApp(<CallCard call={finished({ connection_status: 'answered', attempts_before_pickup: 2, first_call_success: false }, { retry_count: 1 })} />);

    expectTile('Attempts before pickup', '2', 'Picked up on attempt 2');
    expectTile('First-call success', 'No', 'Answered only on attempt 2');
  });

  it('never answered: the attempts made, no pickup claimed, and no first-call success', async () => {
    await renderInApp(
      <CallCard call={finished({ connection_status: 'no_answer', attempts_before_pickup: 3, first_call_success: false }, { retry_count: 2 })} />,
    );

    expect(screen.queryByRole('group', { name: 'Attempts before pickup' })).not.toBeInTheDocument();
    expectTile('Attempts', '3', 'Dialled 3 times, nobody picked up');
    expectTile('First-call success', 'No', 'Never answered');
  });

  it('in progress: no attempt figures yet, only the live progress with the attempt under way', async () => {
    const ringing = callFixture({
      phase: 'ringing',
      retry_count: 1,
      ring_count: 2,
      timeline: [
        ...callFixture().timeline,
        { at: '2026-01-05T15:00:20.000Z', kind: 'no_answer', text: 'No answer on attempt 1' },
        { at: '2026-01-05T15:00:25.000Z', kind: 'dialing', text: 'Dialing (attempt 2)' },
        { at: '2026-01-05T15:00:27.000Z', kind: 'ringing', text: 'Ringing' },
      ],
    });
    await renderInApp(<CallCard call={ringing} />);

    expect(screen.queryByRole('group', { name: /Attempts|First-call success/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Picked up|Never answered|Answered on the first attempt/)).not.toBeInTheDocument();
    expect(screen.getByText('Attempt 2')).toBeInTheDocument();
    expect(screen.getByText('Ring 2')).toBeInTheDocument();
  });
});
