/**
 * Text encoding of documents in the embedded store's SQLite file. Plain JSON for most documents;
 * documents flagged by the copy as holding dates or non-finite numbers use tagged values
 * (`{"$date": "<ms>"}`, `{"$number": "NaN"}`) so they come back with the same types.
 */
const DATE_TAG = '$date';
const NUMBER_TAG = '$number';

export function encodeDocument(doc: object, tagged: boolean): string {
  return tagged ? JSON.stringify(doc, taggingReplacer) : JSON.stringify(doc);
}

export function decodeDocument<T>(text: string, tagged: boolean): T {
  return (tagged ? JSON.parse(text, taggingReviver) : JSON.parse(text)) as T;
}

function taggingReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof Date) return { [DATE_TAG]: String(raw.getTime()) };
  if (typeof raw === 'number' && !Number.isFinite(raw)) return { [NUMBER_TAG]: String(raw) };
  return value;
}

function taggingReviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const tagged = (value as Record<string, unknown>)[keys[0]];
  if (typeof tagged !== 'string') return value;
  if (keys[0] === DATE_TAG) return new Date(Number(tagged));
  if (keys[0] === NUMBER_TAG) return Number(tagged);
  return value;
}
