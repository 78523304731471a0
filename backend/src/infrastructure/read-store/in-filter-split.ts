import type { Document, Filter, SortSpec } from '@ringcheck/projections';

/**
 * FerretDB 1.x hands to its backend only equality conditions on a field; a `$in` (or `$or`) is answered by
 * reading every document of the collection and filtering them itself. A projection loading the documents
 * of a batch by `_id: {$in: [...]}` then read the whole calls collection for each batch (0.6 s at 2,000
 * calls, growing with history), where one equality query per id answers in milliseconds through the
 * `_id` index. These functions turn such a filter into one filter per value and merge the answers as the
 * single query would have given them.
 */

/** Values of a `$in` worth splitting: past a few dozen the queries cost more than a scan of a modest collection. */
export const MAX_SPLIT_VALUES = 32;

type Scalar = string | number | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * One filter per value of the `$in` of a filter whose only non-equality condition is one field's `$in`
 * of scalars, each otherwise equal to the original; null when the filter is not of that shape (other
 * operators, several `$in`, top-level `$and`/`$or`).
 */
export function splitInFilter(filter: Filter): Filter[] | null {
  let inField: string | undefined;
  let values: Scalar[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$')) return null;
    if (!isOperatorObject(condition)) continue;
    const operators = Object.keys(condition);
    if (operators.length !== 1 || operators[0] !== '$in' || inField !== undefined) return null;
    const listed = condition.$in;
    if (!Array.isArray(listed) || listed.length === 0 || listed.length > MAX_SPLIT_VALUES || !listed.every(isScalar)) return null;
    inField = field;
    values = [...new Set(listed)];
  }
  if (inField === undefined) return null;
  const field = inField;
  return values.map((value) => ({ ...filter, [field]: value }));
}

/** BSON's order of types as MongoDB sorts them (those a read-model document holds). */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  return -1;
}

/** MongoDB's order of two sort values, or undefined for values it orders by rules not kept here (arrays, objects). */
export function compareSortValues(a: unknown, b: unknown): number | undefined {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA < 0 || rankB < 0) return undefined;
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 1) return 0;
  if (rankA === 3) return Buffer.compare(Buffer.from(a as string), Buffer.from(b as string));
  const left = rankA === 9 ? (a as Date).getTime() : Number(a);
  const right = rankB === 9 ? (b as Date).getTime() : Number(b);
  return left - right;
}

function valueAt(doc: Document, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * The answers of the per-value queries as the single query gives them: each document once, in the sort's
 * order, at most `limit`. Null when a sort value is one MongoDB orders by rules not kept here (the caller
 * then asks the single query).
 */
export function mergeAnswers<T extends Document>(answers: readonly T[][], sort: SortSpec | undefined, limit: number | undefined): T[] | null {
  const seen = new Set<string>();
  const merged: T[] = [];
  for (const answer of answers) {
    for (const doc of answer) {
      if (seen.has(doc._id)) continue;
      seen.add(doc._id);
      merged.push(doc);
    }
  }
  const keys = Object.entries(sort ?? {});
  if (keys.length > 0) {
    let comparable = true;
    merged.sort((a, b) => {
      for (const [path, direction] of keys) {
        const order = compareSortValues(valueAt(a, path), valueAt(b, path));
        if (order === undefined) {
          comparable = false;
          return 0;
        }
        if (order !== 0) return order * direction;
      }
      return 0;
    });
    if (!comparable) return null;
  }
  return limit ? merged.slice(0, limit) : merged;
}
