/**
 * Index keys of a document field, following MongoDB's multikey rules: a path walks through arrays of
 * sub-documents, an array at the end of the path contributes each element, a missing field is null.
 */
const NULL_KEY = 'z';
const EMPTY_ARRAY_KEY = 'e';

export type IndexablePrimitive = string | number | boolean;

export function splitPath(path: string): string[] {
  return path.split('.');
}

/** The encoded keys a document has for one field path (deduplicated). */
export function fieldKeys(doc: unknown, parts: readonly string[]): string[] {
  const keys = new Set<string>();
  collect(doc, parts, 0, keys);
  return [...keys];
}

/** The key an equality condition on a primitive value looks up. */
export function keyOfPrimitive(value: IndexablePrimitive): string {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${String(value)}`;
    default:
      return value ? 'b1' : 'b0';
  }
}

export function isIndexablePrimitive(value: unknown): value is IndexablePrimitive {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function keyOf(value: unknown): string {
  if (value === null || value === undefined) return NULL_KEY;
  if (isIndexablePrimitive(value)) return keyOfPrimitive(value);
  if (typeof value === 'number') return `n${String(value)}`;
  if (value instanceof Date) return `d${value.getTime()}`;
  return `o${JSON.stringify(value)}`;
}

function collect(value: unknown, parts: readonly string[], depth: number, keys: Set<string>): void {
  if (depth === parts.length) {
    if (!Array.isArray(value)) keys.add(keyOf(value));
    else if (value.length === 0) keys.add(EMPTY_ARRAY_KEY);
    else for (const item of value) keys.add(keyOf(item));
    return;
  }
  if (Array.isArray(value)) {
    const part = parts[depth];
    if (/^\d+$/.test(part) && Number(part) < value.length) collect(value[Number(part)], parts, depth + 1, keys);
    let descended = false;
    for (const item of value) {
      if (isPlainObject(item)) {
        collect(item, parts, depth, keys);
        descended = true;
      }
    }
    if (!descended && !/^\d+$/.test(part)) keys.add(NULL_KEY);
    return;
  }
  if (isPlainObject(value)) {
    collect(value[parts[depth]], parts, depth + 1, keys);
    return;
  }
  keys.add(NULL_KEY);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
