/** Which part of a request a value came from; only JSON body text may hold line breaks and tabs. */
export type InputSource = 'body' | 'query' | 'path';

/** The first unacceptable thing in a request value: its dotted path (`anon_ids.2`) and what is wrong. */
export interface UnsafeInput {
  readonly path: string;
  readonly problem: string;
}

// C0 controls, DEL and C1 controls; tab, line feed and carriage return are decided per source below.
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/;
const CONTROL_OR_LINE_BREAK = /[\x00-\x1F\x7F-\x9F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Keys class-transformer drops without a word; refused so a client is not silently ignored. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor']);

/**
 * Walks a parsed request value (an explicit stack, so any depth is safe) and reports the first string
 * holding a control character or an unpaired UTF-16 surrogate, the first key doing so or reserved
 * (reported at the object holding it), a number JSON overflowed to Infinity, or a repeated query
 * parameter. Body strings may hold tabs and line breaks (multi-line text); query values, path parameters
 * and keys may not.
 * `rootPath` names the value itself: a parameter's name, or '' for a whole body or query.
 */
export function findUnsafeInput(value: unknown, source: InputSource, rootPath = ''): UnsafeInput | null {
  const valueControl = source === 'body' ? CONTROL : CONTROL_OR_LINE_BREAK;
  const pending: Array<[unknown, string]> = [[value, rootPath]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    const field = path || source;
    if (typeof current === 'string') {
      const found = unsafeCharacter(current, valueControl);
      if (found) return { path: field, problem: `must not contain ${found}` };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path: field, problem: 'is a number too large to represent' };
    } else if (Array.isArray(current)) {
      // The query parser turns a repeated parameter into a list, which no query field of this API takes.
      if (source === 'query') return { path: field, problem: 'must be given only once' };
      for (let i = current.length - 1; i >= 0; i--) pending.push([current[i], join(path, String(i))]);
    } else if (isPlainObject(current)) {
      const keys = Object.keys(current);
      for (const key of keys) {
        if (RESERVED_KEYS.has(key)) return { path: field, problem: `has a field named "${key}", which is not allowed` };
        const found = unsafeCharacter(key, CONTROL_OR_LINE_BREAK);
        if (found) return { path: field, problem: `has a field name with ${found}` };
      }
      for (let i = keys.length - 1; i >= 0; i--) pending.push([current[keys[i]], join(path, keys[i])]);
    }
  }
  return null;
}

/** Describes the first control character or unpaired surrogate in `text`, or null. */
function unsafeCharacter(text: string, control: RegExp): string | null {
  const controlCharacter = control.exec(text);
  if (controlCharacter) return `a control character (${codePoint(controlCharacter[0])})`;
  const surrogate = LONE_SURROGATE.exec(text);
  return surrogate ? `an unpaired surrogate (${codePoint(surrogate[0])})` : null;
}

function codePoint(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
