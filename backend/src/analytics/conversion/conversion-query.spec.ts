import { DomainError } from '../../infrastructure/event-sourcing';
import { parseConversionQuery } from './conversion-query';

const now = new Date('2026-11-30T12:00:00.000Z');

function refusal(input: Parameters<typeof parseConversionQuery>[0]): Pick<DomainError, 'kind' | 'field'> {
  try {
    parseConversionQuery(input, now);
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, field: error.field };
    throw error;
  }
  throw new Error('Expected the query to be refused');
}

describe('conversion report query', () => {
  it('defaults to the 12 weeks ending today, read live', () => {
    expect(parseConversionQuery({}, now)).toEqual({ range: { from: '2026-09-08', to: '2026-11-30' }, asOf: null });
    expect(parseConversionQuery({ to: '2026-06-30' }, now).range).toEqual({ from: '2026-04-08', to: '2026-06-30' });
    expect(parseConversionQuery({ from: '2026-01-01' }, now).range).toEqual({ from: '2026-01-01', to: '2026-03-25' });
    expect(parseConversionQuery({ from: '2026-11-20' }, now).range).toEqual({ from: '2026-11-20', to: '2026-11-30' });
  });

  it('takes a range up to two years, both days included', () => {
    expect(parseConversionQuery({ from: '2024-11-30', to: '2026-11-30' }, now).range).toEqual({ from: '2024-11-30', to: '2026-11-30' });
    expect(refusal({ from: '2024-11-29', to: '2026-11-30' })).toEqual({ kind: 'invalid', field: 'to' });
  });

  it('refuses dates that are malformed or do not exist, and a range that ends before it starts, naming the field', () => {
    expect(refusal({ from: '2026-02-30' })).toEqual({ kind: 'invalid', field: 'from' });
    expect(refusal({ to: '30/11/2026' })).toEqual({ kind: 'invalid', field: 'to' });
    expect(refusal({ from: '2026-11-02', to: '2026-11-01' })).toEqual({ kind: 'invalid', field: 'from' });
  });

  it('reads an as-of date-time, a bare date as its end, and clamps the future to now', () => {
    expect(parseConversionQuery({ as_of: '2026-11-02T10:00:00+02:00' }, now).asOf).toEqual({ date: '2026-11-02T08:00:00.000Z' });
    expect(parseConversionQuery({ as_of: '2026-11-02' }, now).asOf).toEqual({ date: '2026-11-02T23:59:59.999Z' });
    expect(parseConversionQuery({ as_of: '2031-01-01T00:00:00Z' }, now).asOf).toEqual({ date: '2026-11-30T12:00:00.000Z' });
    expect(refusal({ as_of: 'yesterday' })).toEqual({ kind: 'invalid', field: 'as_of' });
    expect(refusal({ as_of: '2026-11-02T10:00:00' })).toEqual({ kind: 'invalid', field: 'as_of' });
  });

  it('reads an as-of position, and refuses a bad one or both kinds at once', () => {
    expect(parseConversionQuery({ as_of_position: '120' }, now).asOf).toEqual({ position: 120 });
    expect(refusal({ as_of_position: '-1' })).toEqual({ kind: 'invalid', field: 'as_of_position' });
    expect(refusal({ as_of_position: '1e3' })).toEqual({ kind: 'invalid', field: 'as_of_position' });
    expect(refusal({ as_of: '2026-11-02', as_of_position: '3' })).toEqual({ kind: 'invalid', field: 'as_of_position' });
  });
});
