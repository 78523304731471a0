import type { DocumentPatch } from './realtime-message';

type Fields = Record<string, unknown>;

/** The document a patch makes of the one it was taken against (see the server's push-baselines.ts). */
export function applyPatch<T extends object>(document: T, patch: DocumentPatch): T {
  const next: Fields = { ...(document as Fields), ...patch.set };
  for (const field of patch.unset ?? []) delete next[field];
  for (const [field, items] of Object.entries(patch.append ?? {})) {
    const before = next[field];
    next[field] = [...(Array.isArray(before) ? before : []), ...items];
  }
  return next as T;
}
