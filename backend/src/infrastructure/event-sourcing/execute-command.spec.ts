import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventUnion } from '@ringcheck/projections';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { systemContext } from './command-context';
import type { Decider } from './decider';
import { executeCommand } from './execute-command';

type Counted = { type: 'Counted'; data: { count: number } };

/** Each command adds one to the count its stream holds, so every one of them must see the ones before. */
const counter: Decider<'count', number, Counted> = {
  events: eventUnion<Counted>('counter', { Counted: true }),
  initialState: () => 0,
  evolve: (_count, event) => event.data.count,
  decide: (_command, count) => [{ type: 'Counted', data: { count: count + 1 } }],
};

describe('executeCommand', () => {
  it('decides again after losing a race, until ten commands on one stream started together all land in turn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ringcheck-execute-'));
    const store = SqliteEventStore.open(dir);
    try {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => executeCommand(store, 'counter-1', counter, 'count', systemContext())));
      expect(outcomes.map((outcome) => outcome.state).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      const stored = await store.readStream('counter-1');
      expect(stored.map((event) => (event.data as Counted['data']).count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
