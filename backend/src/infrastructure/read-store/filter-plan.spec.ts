import { planFilter } from './filter-plan';

describe('planFilter', () => {
  const indexed = new Set(['city', 'tags', 'address.zip']);

  it('answers a filter on _id alone from the ids, without checking documents', () => {
    expect(planFilter({ _id: 'b1' }, indexed)).toEqual({ kind: 'ids', ids: ['b1'], exact: true });
    expect(planFilter({ _id: { $eq: 'b1' } }, indexed)).toEqual({ kind: 'ids', ids: ['b1'], exact: true });
    expect(planFilter({ _id: { $in: ['b1', 'b2', 'b1'] } }, indexed)).toEqual({ kind: 'ids', ids: ['b1', 'b2'], exact: true });
  });

  it('checks the rest of the filter when _id comes with other conditions', () => {
    expect(planFilter({ _id: 'b1', city: 'Springfield' }, indexed)).toEqual({ kind: 'ids', ids: ['b1'], exact: false });
  });

  it('uses a single-field index for equality and $in on primitives, preferring the fewest values', () => {
    expect(planFilter({ city: 'Springfield', rating: { $gt: 3 } }, indexed)).toEqual({
      kind: 'index',
      field: 'city',
      values: ['Springfield'],
    });
    expect(planFilter({ tags: { $in: ['a', 'b'] }, 'address.zip': '10001' }, indexed)).toEqual({
      kind: 'index',
      field: 'address.zip',
      values: ['10001'],
    });
  });

  it('scans for everything an equality index cannot answer', () => {
    expect(planFilter({}, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ name: 'Alder Dental' }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ city: { $ne: 'Springfield' } }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ city: null }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ tags: ['a', 'b'] }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ city: { $in: ['Springfield', null] } }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ $or: [{ city: 'Springfield' }] }, indexed)).toEqual({ kind: 'scan' });
    expect(planFilter({ _id: { $in: ['b1', 7] } }, indexed)).toEqual({ kind: 'scan' });
  });
});
