/**
 * Index keys of a document field as SQLite values, following MongoDB's multikey rules: a path walks
 * through arrays of sub-documents, an array at the end of the path contributes each element, a missing
 * field is null. The values sort in SQLite as MongoDB sorts them across types: null, then numbers,
 * then strings, then everything else as blobs whose first byte ranks the type (objects, empty arrays,
 * booleans, dates), dates in time order.
 */
export type SqlKey = number | string | Buffer | null;
export type IndexablePrimitive = string | number | boolean;

const OBJECT_RANK = 0x03;
const EMPTY_ARRAY_RANK = 0x04;
const BOOLEAN_RANK = 0x08;
const DATE_RANK = 0x09;
const FALSE_KEY = Buffer.from([BOOLEAN_RANK, 0]);
const TRUE_KEY = Buffer.from([BOOLEAN_RANK, 1]);
const EMPTY_ARRAY_KEY = Buffer.from([EMPTY_ARRAY_RANK]);

export function splitPath(path: string): string[] {
  return path.split('.');
}

export function isIndexablePrimitive(value: unknown): value is IndexablePrimitive {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** The key of a value as the index stores it. NaN is kept out of number order, as a blob. */
export function sqlKeyOf(value: unknown): SqlKey {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isNaN(value) ? Buffer.from([OBJECT_RANK, ...Buffer.from('NaN')]) : value;
    case 'boolean':
      return value ? TRUE_KEY : FALSE_KEY;
  }
  if (value instanceof Date) {
    const key = Buffer.alloc(9);
    key[0] = DATE_RANK;
    // Flipping the sign bit makes the big-endian bytes of a signed time sort as the times do.
    key.writeBigUInt64BE(BigInt.asUintN(64, BigInt(value.getTime())) ^ (1n << 63n), 1);
    return key;
  }
  return Buffer.concat([Buffer.from([OBJECT_RANK]), Buffer.from(JSON.stringify(value))]);
}

/** The distinct keys a document has for one field path. */
export function fieldKeys(doc: unknown, parts: readonly string[]): SqlKey[] {
  // Most paths reach one value through plain objects only: its one key, without gathering distinct ones.
  let value = doc;
  for (let depth = 0; depth < parts.length && !Array.isArray(value); depth++) {
    if (!isPlainObject(value)) return [null];
    value = value[parts[depth]];
  }
  if (!Array.isArray(value)) return [sqlKeyOf(value)];
  const keys = new Map<string, SqlKey>();
  collect(doc, parts, 0, keys);
  return [...keys.values()];
}

function add(keys: Map<string, SqlKey>, key: SqlKey): void {
  const identity = key === null ? 'z' : typeof key === 'number' ? `n${key}` : typeof key === 'string' ? `s${key}` : `b${key.toString('hex')}`;
  keys.set(identity, key);
}

function collect(value: unknown, parts: readonly string[], depth: number, keys: Map<string, SqlKey>): void {
  if (depth === parts.length) {
    if (!Array.isArray(value)) add(keys, sqlKeyOf(value));
    else if (value.length === 0) add(keys, EMPTY_ARRAY_KEY);
    else for (const item of value) add(keys, sqlKeyOf(item));
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
    if (!descended && !/^\d+$/.test(part)) add(keys, null);
    return;
  }
  if (isPlainObject(value)) {
    collect(value[parts[depth]], parts, depth + 1, keys);
    return;
  }
  add(keys, null);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}
