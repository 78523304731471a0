/**
 * Deep copies of read-model documents and values, with the value rules of the MongoDB driver as we
 * configure it (`ignoreUndefined`): undefined object fields are dropped, undefined array items become null.
 * The copy also reports whether the value holds anything plain JSON cannot carry (dates, NaN, ±Infinity),
 * so the embedded store only pays for tagged encoding on the documents that need it.
 */
export interface CopyResult<T> {
  value: T;
  needsTags: boolean;
}

class CopyContext {
  needsTags = false;
}

/**
 * Thrown by the walks below, which keep no path (building one per value cost more than the rest of the
 * walk); the entry points name where the value is with {@link unsupportedAt}.
 */
class UnsupportedValue extends Error {}

function unsupported(): never {
  throw new UnsupportedValue();
}

/** Runs a walk over `root`; a refused value is reported with its path, found by walking again. */
function walking<T>(root: unknown, walk: () => T): T {
  try {
    return walk();
  } catch (error) {
    if (error instanceof UnsupportedValue) throw unsupportedAt(root, '') ?? refused('', '');
    throw error;
  }
}

/** The error naming the first value the walks refuse, and where it is. */
function unsupportedAt(value: unknown, path: string): TypeError | null {
  const type = typeof value;
  if (type === 'function' || type === 'symbol' || type === 'bigint') return refused(type, path);
  if (type !== 'object' || value === null || value instanceof Date) return null;
  if (isUnsupportedObject(value as object)) return refused((value as object).constructor.name, path);
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value as object);
  for (const [key, item] of entries) {
    const found = unsupportedAt(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}

const refused = (kind: string, path: string) => new TypeError(`Unsupported ${kind} value in a document at '${path}'`);

export function copyValue<T>(value: T): CopyResult<T> {
  const context = new CopyContext();
  const copied = walking(value, () => copyAny(value, context) as T);
  return { value: copied, needsTags: context.needsTags };
}

/** Copies a document and puts `_id` first, as MongoDB stores it. */
export function copyDocument<T extends { _id: string }>(doc: T, id: string = doc._id): CopyResult<T> {
  if (typeof id !== 'string') {
    throw new TypeError(`Documents need a string _id, got ${JSON.stringify(id)}`);
  }
  const context = new CopyContext();
  // Spread, not built a field at a time: a call document built so is a slow dictionary-mode object
  // (V8), which every reader of the cached copy pays for (leaving a field out took 11 µs instead of 2).
  const out: Record<string, unknown> = { _id: id, ...(doc as object) };
  out._id = id;
  return { value: walking(doc, () => copyFields(out, context)) as T, needsTags: context.needsTags };
}

/**
 * The document as copyDocument would store it, without copying it where only its text is kept (a
 * collection being loaded): the document itself when `_id` is already its first field, checked the same
 * way (undefined fields and items need no copy: JSON drops and nulls them as the copy does). Else a copy.
 */
export function storedForm<T extends { _id: string }>(doc: T): CopyResult<T> {
  let first: string | undefined;
  for (const key in doc) {
    first = key;
    break;
  }
  if (first !== '_id' || typeof doc._id !== 'string') return copyDocument(doc);
  const context = new CopyContext();
  walking(doc, () => {
    for (const key in doc) {
      if (key !== '_id') checkAny(doc[key], context);
    }
  });
  return { value: doc, needsTags: context.needsTags };
}

/** As copyAny, without the copy. */
function checkAny(value: unknown, context: CopyContext): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return;
    case 'number':
      if (!Number.isFinite(value)) context.needsTags = true;
      return;
    case 'object':
      break;
    default:
      unsupported();
  }
  if (value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) checkAny(value[i], context);
    return;
  }
  if (value instanceof Date) {
    context.needsTags = true;
    return;
  }
  if (isUnsupportedObject(value)) unsupported();
  for (const key in value) checkAny((value as Record<string, unknown>)[key], context);
}

function isUnsupportedObject(value: object): boolean {
  return value instanceof Map || value instanceof Set || value instanceof RegExp || ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/** Copy of a stored document for a caller; stored documents are already validated. */
export function cloneStored<T>(value: T): T {
  return cloneTrusted(value) as T;
}

function cloneTrusted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneTrusted);
  if (value instanceof Date) return new Date(value.getTime());
  // A spread copies the object's shape at once; adding its fields one by one would turn an object of
  // more than a dozen fields into a slow dictionary-mode object (V8), slower to read and to serialize.
  const out: Record<string, unknown> = { ...value };
  for (const key in out) {
    const item = out[key];
    if (typeof item === 'object' && item !== null) out[key] = cloneTrusted(item);
  }
  return out;
}

function copyAny(value: unknown, context: CopyContext): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) context.needsTags = true;
      return value;
    case 'undefined':
      return null;
    case 'object':
      break;
    default:
      unsupported();
  }
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((item) => copyAny(item, context));
  if (value instanceof Date) {
    context.needsTags = true;
    return new Date(value.getTime());
  }
  if (isUnsupportedObject(value)) unsupported();
  return copyFields({ ...value }, context);
}

/** Copies the values of a shallow copy's fields in place; the copy without its undefined fields. */
function copyFields(out: Record<string, unknown>, context: CopyContext): Record<string, unknown> {
  let dropped = false;
  for (const key in out) {
    const item = out[key];
    if (item === undefined) dropped = true;
    else if (typeof item === 'object' && item !== null) out[key] = copyAny(item, context);
    else copyAny(item, context);
  }
  // Rare: rebuilt without the undefined fields (deleting them would make the object slow, see cloneTrusted).
  return dropped ? Object.fromEntries(Object.entries(out).filter(([, item]) => item !== undefined)) : out;
}
