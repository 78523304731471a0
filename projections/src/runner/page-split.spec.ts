import type { RecordedEvent } from '../ports/event-store';
import type { ProjectionDefinition } from '../projection';
import { recorded } from '../testing/recorded';
import { pageSplitter } from './page-split';

const definition = (name: string, handles: string[]): ProjectionDefinition => ({
  name,
  version: 1,
  handles,
  documentId: () => null,
  evolve: (document) => document,
});

const event = (position: number, type: string): RecordedEvent => recorded(type, {}, { position });

describe('pageSplitter', () => {
  it('gives each projection the events it handles, in order, and an event handled by several to each of them', () => {
    const split = pageSplitter([definition('a', ['One', 'Two']), definition('b', ['Two', 'Three']), definition('c', ['Four'])]);
    const page = [event(1, 'One'), event(2, 'Two'), event(3, 'Three'), event(4, 'Five'), event(5, 'One')];
    expect(split(page).map((events) => events.map((e) => e.position))).toEqual([[1, 2, 5], [2, 3], []]);
  });

  it('counts a type a projection lists twice once', () => {
    const split = pageSplitter([definition('a', ['One', 'One'])]);
    expect(split([event(1, 'One')])[0]).toHaveLength(1);
  });
});
