import type { KeyValueStorage } from './browser-storage';

const LINKABLE_ANON_IDS_KEY = 'rc_known_anon_ids';

/**
 * The anonymous ids this browser may link to an account, newest first, as the server last said
 * (`linkable_anon_ids` of track-user): only ids its httpOnly cookie proves. Other ids it once stored are
 * refused by the server, so they are never sent.
 */
export function linkableAnonIds(storage: KeyValueStorage): string[] {
  try {
    const value = JSON.parse(storage.getItem(LINKABLE_ANON_IDS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function setLinkableAnonIds(storage: KeyValueStorage, anonIds: readonly string[]): void {
  try {
    storage.setItem(LINKABLE_ANON_IDS_KEY, JSON.stringify(anonIds));
  } catch {
    // Without storage only the current id is linked.
  }
}
