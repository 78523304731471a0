import { copyDocument, copyValue, storedForm } from './document-copy';

describe('document copies', () => {
  it('name where a value a document cannot hold is, however deep', () => {
    const doc = { _id: 'c1', ok: 1, attempts: [{ at: 'x' }, { tags: new Set(['a']) }] };
    expect(() => copyDocument(doc)).toThrow("Unsupported Set value in a document at 'attempts.1.tags'");
    expect(() => storedForm(doc)).toThrow("Unsupported Set value in a document at 'attempts.1.tags'");
    expect(() => copyValue({ $set: { size: BigInt(1) } })).toThrow("Unsupported bigint value in a document at '$set.size'");
    expect(() => copyDocument({ _id: 'c2', run: () => 1 })).toThrow("Unsupported function value in a document at 'run'");
    expect(() => storedForm({ _id: 'c3', pattern: /a/ })).toThrow("Unsupported RegExp value in a document at 'pattern'");
  });

  it('copy values, drop undefined fields, null undefined items and say when tags are needed', () => {
    const at = new Date(5);
    const doc = { _id: 'c1', gone: undefined, list: [undefined, 1], nested: { at }, n: 2 };
    const { value, needsTags } = copyDocument(doc);
    expect(value).toEqual({ _id: 'c1', list: [null, 1], nested: { at: new Date(5) }, n: 2 });
    expect(value.nested.at).not.toBe(at);
    expect(needsTags).toBe(true);
    expect(copyDocument({ _id: 'c2', n: 1 }).needsTags).toBe(false);
    expect(storedForm({ _id: 'c3', n: Number.NaN }).needsTags).toBe(true);
  });
});
