import { keySensitivity, type KeySensitivity } from './sensitive-keys';

export const REDACTED = '[REDACTED]';
const MAX_DEPTH = 12;
const PHONE_LIKE = /^\+?[\d\s().-]{6,}$/;

/** Keeps the first 3 and last 2 characters: '+15550100' -> '+15****00'. Short values are fully masked. */
export function maskPhone(value: string): string {
  if (value.length <= 5) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 5)}${value.slice(-2)}`;
}

/**
 * Returns a copy of a log payload with sensitive fields masked or redacted, at any depth and inside
 * arrays. Errors become plain objects (type, message, stack, own fields, cause). The input is not changed.
 */
export function redact<T>(value: T): T {
  return walk(value, undefined, 0, new WeakSet()) as T;
}

function walk(value: unknown, mode: 'phone' | undefined, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return mode === 'phone' ? maskPhone(String(value)) : value;
  }
  if (typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  if (ArrayBuffer.isView(value)) return `[Binary ${value.byteLength} bytes]`;
  if (value instanceof ArrayBuffer) return `[Binary ${value.byteLength} bytes]`;

  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => walk(item, mode, depth + 1, seen));
    if (value instanceof Map)
      return walkEntries(
        [...value.entries()].map(([k, v]) => [String(k), v]),
        mode,
        depth,
        seen,
      );
    if (value instanceof Set) return [...value].map((item) => walk(item, mode, depth + 1, seen));
    if (value instanceof Error) return walkError(value, mode, depth, seen);
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return walk(toJSON.call(value), mode, depth + 1, seen);
    return walkEntries(Object.entries(value), mode, depth, seen);
  } finally {
    seen.delete(value);
  }
}

function walkError(error: Error, mode: 'phone' | undefined, depth: number, seen: WeakSet<object>) {
  const entries: [string, unknown][] = [
    ['type', error.name],
    ['message', error.message],
    ['stack', error.stack],
    ...Object.entries(error).filter(([key]) => key !== 'name' && key !== 'message' && key !== 'stack'),
  ];
  if (error.cause !== undefined) entries.push(['cause', error.cause]);
  return walkEntries(entries, mode, depth, seen);
}

function walkEntries(entries: [string, unknown][], mode: 'phone' | undefined, depth: number, seen: WeakSet<object>) {
  const result: Record<string, unknown> = {};
  for (const [key, child] of entries) {
    result[key] =
      mode === 'phone' ? walk(child, mode, depth + 1, seen) : redactField(keySensitivity(key), child, depth, seen);
  }
  return result;
}

function redactField(
  sensitivity: KeySensitivity | undefined,
  value: unknown,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  switch (sensitivity) {
    case 'phone':
      return walk(value, 'phone', depth + 1, seen);
    case 'phone-like':
      return (typeof value === 'string' || typeof value === 'number') && PHONE_LIKE.test(String(value))
        ? maskPhone(String(value))
        : walk(value, undefined, depth + 1, seen);
    case 'secret':
      return REDACTED;
    case 'identifier':
      return typeof value === 'object' && !Array.isArray(value) ? walk(value, undefined, depth + 1, seen) : REDACTED;
    default:
      return walk(value, undefined, depth + 1, seen);
  }
}
