import type { CallAccess } from '@ringcheck/projections';

/** Who is looking at a call: a signed-in user, a proven anonymous visitor, or both, or neither. */
export interface CallViewer {
  userId: string | null;
  anonId: string | null;
}

/**
 * The full call (transcript, recording, timings, report) is for its signed-in owner only; everyone
 * else, the anonymous visitor who started it included, gets the preview. A visitor's calls become
 * theirs in full once they sign up and link them.
 */
export function callAccessFor(call: { ownerId: string | null }, userId: string | null): CallAccess {
  return userId !== null && call.ownerId === userId ? 'full' : 'preview';
}

/** Whether the viewer owns the call (and so may cancel it), signed in or as the visitor who started it. */
export function isCallOwner(call: { ownerId: string | null }, viewer: CallViewer): boolean {
  return call.ownerId !== null && (call.ownerId === viewer.userId || call.ownerId === viewer.anonId);
}
