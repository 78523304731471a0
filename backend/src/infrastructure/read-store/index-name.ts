/** MongoDB's name for an index without one: `field_1_other_-1`. */
export function defaultIndexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}
