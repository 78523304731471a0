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

export function assertValidReadAllOptions(options: ReadAllOptions): void {
  assertCount('maxCount', options.maxCount);
  assertCount('fromPosition', options.fromPosition);
}
