import type { Document } from '../ports/read-store';
import type { ProjectionDefinition, StoredDocument } from '../projection';
import { recorded } from '../testing/recorded';
import { type DocumentStates, evolveDocuments } from './apply-batch';

interface Note extends Document {
  text: string;
}

type Evolve = ProjectionDefinition<Note>['evolve'];

function notes(evolve: Evolve): ProjectionDefinition {
  return {
    name: 'notes',
    version: 1,
    handles: ['Noted'],
    documentId: (event) => (event.data as { id: string }).id,
    evolve,
    rooms: (document) => [`note:${document._id}`],
  } as ProjectionDefinition;
}

const noted = (text: string, position: number) => ({ ...recorded('Noted', { id: 'n1', text }), position });

/** Evolves the one document `n1` from `before` through one event; answers the state the runner keeps. */
function evolveOnce(evolve: Evolve, before: StoredDocument | null, position = 7): StoredDocument {
  const states: DocumentStates = new Map([['n1', before]]);
  const event = noted('after', position);
  evolveDocuments(notes(evolve), states, [{ event, ids: ['n1'] }]);
  return states.get('n1')!;
}

const stored = (): StoredDocument<Note> => ({ _id: 'n1', text: 'before', _position: 3, _rooms: ['note:n1'] });
const text = (event: { data: unknown }) => (event.data as { text: string }).text;

describe('the runner’s fields on an evolved document', () => {
  it('sets them on a new copy of the document before, in place, leaving the document before as it was', () => {
    const before = stored();
    const state = evolveOnce((document, event) => ({ ...document!, text: text(event) }), before);
    expect(state).toEqual({ _id: 'n1', text: 'after', _position: 7, _rooms: ['note:n1'] });
    expect(before).toEqual(stored());
  });

  it('copies a document evolve answers unchanged: one handed out before (to a socket, a cache) never changes', () => {
    const before = stored();
    const state = evolveOnce((document) => document, before);
    expect(state).not.toBe(before);
    expect(state._position).toBe(7);
    expect(before).toEqual(stored());
  });

  it('copies a new object without the fields, and puts the id first as the stores keep it', () => {
    const fresh = { text: 'after', _id: 'n1' };
    const state = evolveOnce(() => fresh as Note, null);
    expect(Object.keys(state)).toEqual(['_id', 'text', '_position', '_rooms']);
    expect(fresh).toEqual({ text: 'after', _id: 'n1' });
  });

  it('copies a new object whose id is not the document’s', () => {
    const state = evolveOnce((document) => ({ ...document!, _id: 'elsewhere' }), stored());
    expect(state._id).toBe('n1');
  });
});
