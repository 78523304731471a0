import type { Document } from '@ringcheck/projections';

type Tree = { [field: string]: Tree | true };

/**
 * A find's projection applied as MongoDB does (fields kept with 1 or left out with 0, dotted paths
 * reaching into sub-documents and arrays of them, `_id` kept unless excluded), building new objects
 * along the projected paths and never changing the stored document: the rest is shared with it, and
 * the caller copies the result before handing it out.
 */
export function projectDocument(doc: Document, projection: Record<string, 0 | 1>): Document {
  const entries = Object.entries(projection);
  const idRule = projection._id;
  const fields = entries.filter(([field]) => field !== '_id');
  const including = fields.length > 0 ? fields[0][1] === 1 : idRule === 1;
  if (fields.some(([, value]) => (value === 1) !== including)) {
    throw new Error('A projection cannot both include and exclude fields (other than _id)');
  }
  const tree = treeOf(fields.map(([field]) => field));
  if (including) {
    const kept = include(doc, tree) as Document;
    return idRule === 0 || !('_id' in doc) ? kept : (Object.assign({ _id: doc._id }, kept) as Document);
  }
  const kept = exclude(doc, tree) as Document;
  if (idRule === 0) {
    const { _id: _dropped, ...rest } = kept;
    return rest as Document;
  }
  return kept;
}

function treeOf(paths: readonly string[]): Tree {
  const tree: Tree = {};
  for (const path of paths) {
    const parts = path.split('.');
    let node = tree;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = true;
        return;
      }
      const next = node[part];
      if (next === true) return;
      node = node[part] = next ?? {};
    });
  }
  return tree;
}

function include(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) return value.filter(isObject).map((item) => include(item, tree));
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(tree)) {
    if (!(field in source)) continue;
    const child = source[field];
    if (rule === true) result[field] = child;
    else if (isObject(child) || Array.isArray(child)) result[field] = include(child, rule);
  }
  return result;
}

function exclude(value: unknown, tree: Tree): unknown {
  if (Array.isArray(value)) return value.map((item) => (isObject(item) || Array.isArray(item) ? exclude(item, tree) : item));
  // New objects rather than `delete`, which turns an object into a slow dictionary (V8) for whoever
  // copies and serializes it next.
  let result = value as Record<string, unknown>;
  for (const [field, rule] of Object.entries(tree)) {
    if (!(field in result)) continue;
    if (rule === true) {
      const { [field]: _dropped, ...rest } = result;
      result = rest;
    } else if (isObject(result[field]) || Array.isArray(result[field])) {
      result = { ...result, [field]: exclude(result[field], rule) };
    }
  }
  return result === value ? { ...result } : result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !Buffer.isBuffer(value);
}
