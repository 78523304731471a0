import type { ReadAllOptions, ReadStreamOptions } from '@ringcheck/projections';

function assertCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  }
}

export function assertValidReadStreamOptions(options: ReadStreamOptions): void {
  assertCount('maxCount', options.maxCount);
  assertCount('fromRevision', options.fromRevision);
  if (options.direction !== undefined && options.direction !== 'forwards' && options.direction !== 'backwards') {
    throw new RangeError(`direction must be 'forwards' or 'backwards', got ${String(options.direction)}`);
  }
}

/** More types than this in one read is refused: a read by type is for a projection's few types. */
export const READ_TYPES_MAX = 100;

export function assertValidReadAllOptions(options: ReadAllOptions): void {
  assertCount('maxCount', options.maxCount);
  assertCount('fromPosition', options.fromPosition);
  const { types } = options;
  if (types === undefined) return;
  if (!Array.isArray(types) || !types.every((type) => typeof type === 'string' && type.length > 0)) {
    throw new RangeError('types must be an array of non-empty event type names');
  }
  const distinct = new Set(types).size;
  if (distinct > READ_TYPES_MAX) {
    throw new RangeError(`types may name at most ${READ_TYPES_MAX} event types, got ${distinct}`);
  }
}
