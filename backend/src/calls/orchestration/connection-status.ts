import type { ConnectionStatus } from '@ringcheck/projections';

/** How an answered call connected: a person, voicemail, a menu that looped, or a menu that led nowhere. */
export function connectionStatusOf(
  answeredBy: 'human' | 'voicemail' | 'ivr' | null,
  ivrLoop: boolean,
  reachedPerson: boolean,
): ConnectionStatus {
  if (answeredBy === 'human') return 'answered';
  if (answeredBy === 'voicemail') return 'voicemail';
  if (answeredBy === 'ivr') {
    if (ivrLoop) return 'ivr_loop';
    return reachedPerson ? 'answered' : 'other';
  }
  return 'other';
}
