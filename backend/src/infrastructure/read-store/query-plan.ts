import type { Filter, SortSpec } from '@ringcheck/projections';
import { isIndexablePrimitive, type SqlKey, sqlKeyOf } from './index-keys';

/** Key columns of the keys table: an index may have at most this many fields. */
export const KEY_COLUMNS = 4;

/** A secondary index as the planner sees it. */
export interface PlannedIndex {
  ix: number;
  name: string;
  fields: readonly string[];
}

/**
 * How the embedded store answers a query:
 * - `ids`: the filter names `_id` values; `exact` when nothing else needs checking;
 * - `index`: a range of one index's keys, read in the sort's order when `sortedByIndex`;
 * - `scan`: every document of the collection.
 * Candidates of `ids` and `index` plans are still tested against the whole filter, unless `exact`: every
 * field of the filter is an equality (or $in) the plan's range answers as it is (counts use that).
 */
export type QueryPlan =
  | { kind: 'ids'; ids: string[]; exact: boolean }
  | { kind: 'index'; index: string; ix: number; where: string; params: SqlKey[]; orderBy: string; sortedByIndex: boolean; exact: boolean }
  | { kind: 'scan' };

/** What a plan does, for tests and diagnostics. */
export interface QueryExplanation {
  kind: QueryPlan['kind'];
  index?: string;
  /** 'index': read in order; 'memory': every match is sorted after reading; 'none': no sort asked. */
  sort: 'none' | 'index' | 'memory';
}

type Condition =
  | { kind: 'eq'; key: SqlKey }
  | { kind: 'in'; keys: SqlKey[] }
  | { kind: 'range'; sql: string[]; params: SqlKey[] };

export function explain(plan: QueryPlan, sort: SortSpec | undefined): QueryExplanation {
  const sorting = sort && Object.keys(sort).length > 0;
  const base = { kind: plan.kind, sort: !sorting ? 'none' : plan.kind === 'index' && plan.sortedByIndex ? 'index' : 'memory' } as const;
  return plan.kind === 'index' ? { ...base, index: plan.index } : base;
}

export function planQuery(filter: Filter, sort: SortSpec | undefined, indexes: readonly PlannedIndex[]): QueryPlan {
  const keys = Object.keys(filter);
  if (keys.includes('_id')) {
    const ids = idValues(filter._id);
    if (ids) return { kind: 'ids', ids, exact: keys.length === 1 };
  }
  const conditions = new Map<string, Condition>();
  for (const field of keys) {
    if (field.startsWith('$')) continue;
    const condition = conditionOf(filter[field]);
    if (condition) conditions.set(field, condition);
  }
  const sortFields = sort ? Object.entries(sort) : [];
  let best: { index: PlannedIndex; score: number; used: number } | undefined;
  for (const index of indexes) {
    let score = 0;
    let used = 0;
    for (const field of index.fields) {
      const condition = conditions.get(field);
      if (!condition) break;
      used += 1;
      score += condition.kind === 'eq' ? 4 : condition.kind === 'in' ? 3 : 2;
      if (condition.kind === 'range') break;
    }
    const sortable = sortFields.length > 0 && sortFields.every(([field]) => index.fields.includes(field));
    if (used === 0 && !(sortable && sortFields[0][0] === index.fields[0])) continue;
    if (sortable) score += 1;
    if (!best || score > best.score) best = { index, score, used };
  }
  if (!best) return { kind: 'scan' };
  const usedFields = best.index.fields.slice(0, best.used);
  const exact = keys.length === usedFields.length && usedFields.every((field) => keys.includes(field) && conditions.get(field)!.kind !== 'range');
  return indexPlan(best.index, best.used, conditions, sortFields, exact);
}

function indexPlan(index: PlannedIndex, used: number, conditions: Map<string, Condition>, sortFields: [string, 1 | -1][], exact: boolean): QueryPlan {
  const where = ['k.ix = ?'];
  const params: SqlKey[] = [index.ix];
  for (let column = 0; column < used; column++) {
    const condition = conditions.get(index.fields[column])!;
    const name = `k.k${column}`;
    if (condition.kind === 'eq') {
      where.push(`${name} IS ?`);
      params.push(condition.key);
    } else if (condition.kind === 'in') {
      const values = condition.keys.filter((key) => key !== null);
      const orNull = values.length < condition.keys.length ? ` OR ${name} IS NULL` : '';
      where.push(`(${name} IN (${values.map(() => '?').join(', ')})${orNull})`);
      params.push(...values);
    } else {
      where.push(...condition.sql.map((clause) => clause.replaceAll('$k', name)));
      params.push(...condition.params);
    }
  }
  const sortedByIndex = sortFields.length > 0 && sortFields.every(([field]) => index.fields.includes(field));
  let orderBy = '';
  if (sortedByIndex) {
    const columns = sortFields.map(([field, direction]) => `k.k${index.fields.indexOf(field)} ${direction === 1 ? 'ASC' : 'DESC'}`);
    const last = sortFields[sortFields.length - 1][1] === 1 ? 'ASC' : 'DESC';
    // The unused (always null) columns before id too: the order asked is then the index's own, which
    // SQLite reads as it lies instead of sorting the ties of the last field.
    for (let column = index.fields.length; column < KEY_COLUMNS; column++) columns.push(`k.k${column} ${last}`);
    orderBy = ` ORDER BY ${columns.join(', ')}, k.id ${last}`;
  }
  return { kind: 'index', index: index.name, ix: index.ix, where: where.join(' AND '), params, orderBy, sortedByIndex, exact };
}

/** The `_id` values of `id`, `{$eq: id}` or `{$in: [...]}` when they are all strings. */
function idValues(condition: unknown): string[] | null {
  if (typeof condition === 'string') return [condition];
  if (!isOperatorObject(condition)) return null;
  const operators = Object.keys(condition);
  if (operators.length !== 1) return null;
  const operand = condition[operators[0]];
  if (operators[0] === '$eq' && typeof operand === 'string') return [operand];
  if (operators[0] === '$in' && Array.isArray(operand) && operand.every((value) => typeof value === 'string')) {
    return [...new Set(operand as string[])];
  }
  return null;
}

/** A condition an index range can answer (a superset of the matches: candidates are tested again). */
function conditionOf(condition: unknown): Condition | null {
  if (isKeyValue(condition)) return { kind: 'eq', key: sqlKeyOf(condition) };
  if (!isOperatorObject(condition)) return null;
  const operators = Object.keys(condition);
  if (operators.length === 1 && operators[0] === '$eq' && isKeyValue(condition.$eq)) return { kind: 'eq', key: sqlKeyOf(condition.$eq) };
  if (operators.length === 1 && operators[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every(isKeyValue)) {
    return { kind: 'in', keys: [...new Set(condition.$in)].map(sqlKeyOf) };
  }
  // One bound only: on an array field two bounds may be met by different elements.
  for (const operator of ['$gt', '$gte', '$lt', '$lte'] as const) {
    if (!operators.includes(operator)) continue;
    const bound = condition[operator];
    if (!isRangeBound(bound)) continue;
    const comparison = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
    return { kind: 'range', sql: [`$k ${comparison} ?`, ...typeBracket(bound)], params: [sqlKeyOf(bound)] };
  }
  return null;
}

/** Keeps a range to the bound's own type, as MongoDB compares only values of one type. */
function typeBracket(bound: string | number | Date): string[] {
  if (typeof bound === 'number') return ["$k < ''", '$k IS NOT NULL'];
  if (typeof bound === 'string') return ["$k >= ''", "$k < x''"];
  return ["$k >= x'09'", "$k < x'0a'"];
}

function isKeyValue(value: unknown): value is string | number | boolean | null | Date {
  return value === null || isIndexablePrimitive(value) || value instanceof Date;
}

function isRangeBound(value: unknown): value is string | number | Date {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || value instanceof Date;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    Object.keys(value).length > 0 &&
    Object.keys(value).every((key) => key.startsWith('$'))
  );
}
