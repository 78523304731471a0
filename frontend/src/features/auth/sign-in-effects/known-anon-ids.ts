import type { KeyValueStorage } from '../../anonymous/browser-storage';

const KNOWN_ANON_IDS_KEY = 'rc_known_anon_ids';
/** The server links at most 20 ids in one request. */
export const MAX_KNOWN_ANON_IDS = 20;

/** Every anonymous id this browser has had (the server may hand out a new one), newest last. */
export function knownAnonIds(storage: KeyValueStorage): string[] {
  try {
    const value = JSON.parse(storage.getItem(KNOWN_ANON_IDS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberAnonId(storage: KeyValueStorage, anonId: string | null): string[] {
  const known = knownAnonIds(storage);
  if (!anonId || known.includes(anonId)) return known;
  const next = [...known, anonId].slice(-MAX_KNOWN_ANON_IDS);
  try {
    storage.setItem(KNOWN_ANON_IDS_KEY, JSON.stringify(next));
  } catch {
    // Without storage only the current id is linked.
  }
  return next;
}
