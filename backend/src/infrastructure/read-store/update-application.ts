import type { Filter, Update } from '@ringcheck/projections';
import { update as applyModifier } from 'mingo';
import { copyValue } from './document-copy';

type Modifier = Parameters<typeof applyModifier>[1];

export interface AppliedUpdate {
  /** True when at least one field changed. */
  changed: boolean;
  /** True when the update brought values plain JSON cannot carry. */
  needsTags: boolean;
}

/**
 * Applies a MongoDB update document (`$set`, `$inc`, `$push`, `$addToSet`, `$unset`, ... and
 * `$setOnInsert`) to a working copy in place. `filter` gives the positional `$` operator its match.
 */
export function applyUpdate(
  target: Record<string, unknown>,
  update: Update,
  options: { filter?: Filter; inserting: boolean },
): AppliedUpdate {
  const operators = Object.keys(update);
  if (Array.isArray(update) || operators.length === 0 || operators.some((key) => !key.startsWith('$'))) {
    throw new Error('An update document needs update operators only (e.g. $set), not a replacement');
  }
  const { value: modifier, needsTags } = copyValue(update as Record<string, unknown>);
  const { $setOnInsert: setOnInsert, ...rest } = modifier;
  const id = target._id;
  let changed = false;
  if (Object.keys(rest).length > 0) {
    const condition = options.filter && usesPositional(rest) ? options.filter : undefined;
    changed = applyModifier(target, rest as Modifier, undefined, condition, { cloneMode: 'none' }).length > 0;
  }
  if (options.inserting && setOnInsert !== undefined) {
    changed = applyModifier(target, { $set: setOnInsert } as Modifier, undefined, undefined, { cloneMode: 'none' }).length > 0 || changed;
  }
  if (target._id !== id) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return { changed, needsTags };
}

/**
 * The document an upsert starts from: the filter's equality conditions (`field: value`, `$eq`, inside `$and`).
 */
export function upsertSeed(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const { _id: id, ...assignments } = collectEqualities(filter, {});
  if (id !== undefined) seed._id = id;
  if (Object.keys(assignments).length > 0) {
    applyModifier(seed, { $set: copyValue(assignments).value } as Modifier, undefined, undefined, { cloneMode: 'none' });
  }
  return seed;
}

function collectEqualities(filter: Filter, into: Record<string, unknown>): Record<string, unknown> {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) collectEqualities(part as Filter, into);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (isOperatorObject(condition)) {
      if ('$eq' in condition) into[key] = condition.$eq;
      continue;
    }
    into[key] = condition;
  }
  return into;
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys[0].startsWith('$');
}

function usesPositional(modifier: Record<string, unknown>): boolean {
  return Object.values(modifier).some(
    (fields) =>
      typeof fields === 'object' &&
      fields !== null &&
      Object.keys(fields).some((path) => path.endsWith('.$') || path.includes('.$.')),
  );
}
