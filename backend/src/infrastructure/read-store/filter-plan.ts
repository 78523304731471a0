import type { Filter } from '@ringcheck/projections';
import { isIndexablePrimitive, type IndexablePrimitive } from './index-keys';

/**
 * How the embedded store finds the documents for a filter without scanning them all:
 * - `ids`: the filter names `_id` values; `exact` when nothing else needs checking;
 * - `index`: an equality condition on a field with a single-field index; candidates still get the full filter;
 * - `scan`: everything else.
 */
export type FilterPlan =
  | { kind: 'ids'; ids: string[]; exact: boolean }
  | { kind: 'index'; field: string; values: IndexablePrimitive[] }
  | { kind: 'scan' };

export function planFilter(filter: Filter, indexedFields: ReadonlySet<string>): FilterPlan {
  const keys = Object.keys(filter);
  if (keys.includes('_id')) {
    const values = equalityValues(filter._id);
    if (values && values.every((value): value is string => typeof value === 'string')) {
      return { kind: 'ids', ids: values, exact: keys.length === 1 };
    }
  }
  let best: { field: string; values: IndexablePrimitive[] } | null = null;
  for (const field of keys) {
    if (field.startsWith('$') || !indexedFields.has(field)) continue;
    const values = equalityValues(filter[field]);
    if (values && (!best || values.length < best.values.length)) best = { field, values };
  }
  return best ? { kind: 'index', ...best } : { kind: 'scan' };
}

/** The values of `v`, `{$eq: v}` or `{$in: [...]}` when they are all plain primitives. */
function equalityValues(condition: unknown): IndexablePrimitive[] | null {
  if (isIndexablePrimitive(condition)) return [condition];
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition) || condition instanceof Date) {
    return null;
  }
  const operators = Object.keys(condition);
  if (operators.length !== 1) return null;
  const operand = (condition as Record<string, unknown>)[operators[0]];
  if (operators[0] === '$eq') return isIndexablePrimitive(operand) ? [operand] : null;
  if (operators[0] === '$in' && Array.isArray(operand) && operand.every(isIndexablePrimitive)) {
    return [...new Set(operand)];
  }
  return null;
}
