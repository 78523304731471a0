import type { DocumentPatch } from '@ringcheck/projections';

/** The JSON of the documents remembered, at most; the least recently pushed are forgotten first. */
const MAX_BYTES = 32 * 1024 * 1024;

interface Baseline {
  position: number;
  /** Each top-level field's JSON. */
  fields: Map<string, string>;
  /** The length of each array field. */
  lengths: Map<string, number>;
  bytes: number;
}

/** How a pushed document compares with the last one pushed to the same room. */
export type PushDelta = { kind: 'first' } | { kind: 'unchanged'; since: number } | { kind: 'patch'; patch: DocumentPatch };

/**
 * Remembers, per room and document, the last document pushed there, so the next push can say only what
 * changed: a live call's transcript grows a line at a time, and the whole call (about 10 kB once
 * analysed) need not travel with each line. A room whose view did not change hears nothing where the
 * moment of a push would tell what the view hides (see the gateway).
 */
export class PushBaselines {
  private readonly last = new Map<string, Baseline>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** Compares `document`, pushed to `target` at `position`, with the last one pushed there, and remembers it. */
  next(target: string, documentId: string, position: number, document: object | null): PushDelta {
    const key = `${target}|${documentId}`;
    const previous = this.last.get(key);
    if (previous) this.forget(key, previous);
    if (document === null) return { kind: 'first' };
    const current = baselineOf(key, position, document);
    if (!previous) {
      this.remember(key, current);
      return { kind: 'first' };
    }
    const patch = patchBetween(previous, current, document);
    // Unchanged, the document is the one pushed at the earlier position: a patch from there still applies.
    this.remember(key, patch ? current : { ...current, position: previous.position });
    return patch ? { kind: 'patch', patch } : { kind: 'unchanged', since: previous.position };
  }

  private remember(key: string, baseline: Baseline): void {
    this.last.set(key, baseline);
    this.bytes += baseline.bytes;
    for (const [oldest, forgotten] of this.last) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest, forgotten);
    }
  }

  private forget(key: string, baseline: Baseline): void {
    this.last.delete(key);
    this.bytes -= baseline.bytes;
  }
}

function baselineOf(key: string, position: number, document: object): Baseline {
  const fields = new Map<string, string>();
  const lengths = new Map<string, number>();
  let bytes = key.length;
  for (const [field, value] of Object.entries(document)) {
    if (value === undefined) continue;
    const json = JSON.stringify(value);
    fields.set(field, json);
    if (Array.isArray(value)) lengths.set(field, value.length);
    bytes += field.length + json.length;
  }
  return { position, fields, lengths, bytes };
}

/** What changed from `previous` to `current` (the baseline of `document`), or null when nothing did. */
function patchBetween(previous: Baseline, current: Baseline, document: object): DocumentPatch | null {
  const set: Record<string, unknown> = {};
  const append: Record<string, unknown[]> = {};
  const unset: string[] = [];
  let changed = false;
  for (const [field, json] of current.fields) {
    const before = previous.fields.get(field);
    if (before === json) continue;
    changed = true;
    const value = (document as Record<string, unknown>)[field];
    const length = previous.lengths.get(field);
    if (before !== undefined && length !== undefined && Array.isArray(value) && grewFrom(before, length, json)) {
      append[field] = value.slice(length);
    } else {
      set[field] = value;
    }
  }
  for (const field of previous.fields.keys()) {
    if (current.fields.has(field)) continue;
    changed = true;
    unset.push(field);
  }
  if (!changed) return null;
  const patch: DocumentPatch = { since: previous.position };
  if (Object.keys(set).length > 0) patch.set = set;
  if (unset.length > 0) patch.unset = unset;
  if (Object.keys(append).length > 0) patch.append = append;
  return patch;
}

/** Whether the array whose JSON is `after` is the one of `before` (of `length` items) with items added at its end. */
function grewFrom(before: string, length: number, after: string): boolean {
  if (length === 0) return after !== '[]';
  // `[a,b]` grown is `[a,b,c…]`: the same text up to its closing bracket, then a comma.
  const open = before.length - 1;
  return after.length > before.length && after.charCodeAt(open) === 44 && after.startsWith(before.slice(0, open));
}
