import { DuplicateKeyError } from '@ringcheck/projections';
import { MongoServerError } from 'mongodb';
import { translateWriteError } from './mongo-errors';

describe('translateWriteError', () => {
  it('turns code 11000 into DuplicateKeyError with the key', () => {
    const error = translateWriteError('businesses', new MongoServerError({ message: 'E11000 duplicate key error', code: 11000, keyValue: { phone: 'x' } }));
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ collectionName: 'businesses', key: { phone: 'x' } });
  });

  it("turns FerretDB's SQLite unique violation into DuplicateKeyError", () => {
    const message = "[collection.go:177 sqlite.(*collection).UpdateAll.func1] constraint failed: UNIQUE constraint failed: index 'x_fd0c5087_p_1' (2067)";
    const error = translateWriteError('businesses', new MongoServerError({ message, code: 1, codeName: 'InternalError' }));
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect(error).toMatchObject({ key: { index: 'x_fd0c5087_p_1' } });
  });

  it('passes other errors through', () => {
    const original = new MongoServerError({ message: 'not authorized', code: 13 });
    expect(translateWriteError('businesses', original)).toBe(original);
    const plain = new Error('network');
    expect(translateWriteError('businesses', plain)).toBe(plain);
  });
});
