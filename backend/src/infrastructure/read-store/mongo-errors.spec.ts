import { DuplicateKeyError, StoreUnavailableError } from '@ringcheck/projections';
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { translateError, translateWriteError } from './mongo-errors';

describe('translateWriteError', () => {
  it('turns code 11000 into DuplicateKeyError with the key', () => {
    const error = translateWriteError('businesses', new MongoServerError({ message: 'E11000 duplicate key error', code: 11000, keyValue: { phone: 'x' } }));
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ collectionName: 'businesses', key: { phone: 'x' } });
  });

  it.each([
    ['SQLite', "[collection.go:177 sqlite.(*collection).UpdateAll.func1] constraint failed: UNIQUE constraint failed: index 'x_fd0c5087_p_1' (2067)", 'x_fd0c5087_p_1'],
    [
      'PostgreSQL',
      '[collection.go:218 postgresql.(*collection).UpdateAll.func1] ERROR: duplicate key value violates unique constraint "x_fd0c5087_p___12a9bdf3_idx" (SQLSTATE 23505)',
      'x_fd0c5087_p___12a9bdf3_idx',
    ],
    [
      'PostgreSQL, building an index',
      '[registry.go:849 metadata.(*Registry).indexesCreate] ERROR: could not create unique index "y_fc0c4ef4_p___12a9bdf3_idx" (SQLSTATE 23505)',
      'y_fc0c4ef4_p___12a9bdf3_idx',
    ],
  ])("turns FerretDB's unique violation on %s into DuplicateKeyError", (_, message, index) => {
    const error = translateWriteError('businesses', new MongoServerError({ message, code: 1, codeName: 'InternalError' }));
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ key: { index } });
  });

  it('passes other errors through', () => {
    const original = new MongoServerError({ message: 'not authorized', code: 13 });
    expect(translateWriteError('businesses', original)).toBe(original);
    const plain = new Error('network');
    expect(translateWriteError('businesses', plain)).toBe(plain);
  });
});

describe('translateError', () => {
  it.each([
    ['a refused connection', new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27027')],
    ['no server to select', Object.assign(Object.create(MongoServerSelectionError.prototype), { message: 'Server selection timed out after 2000 ms' })],
    ['a server shutting down', new MongoServerError({ message: 'interrupted at shutdown', code: 11600 })],
    ['a primary stepping down', new MongoServerError({ message: 'not primary', code: 10107 })],
  ])('turns %s into StoreUnavailableError for the read store', (_, error: Error) => {
    const translated = translateError(error);
    expect(translated).toBeInstanceOf(StoreUnavailableError);
    expect(translated).toMatchObject({ port: 'read_store', adapter: 'mongodb', reason: error.message });
    expect(translateWriteError('calls', error)).toBeInstanceOf(StoreUnavailableError);
  });

  it('passes other errors through', () => {
    const refused = new MongoServerError({ message: 'not authorized', code: 13 });
    expect(translateError(refused)).toBe(refused);
  });
});
