import { type DocumentChange, isChangeOf, sessionsProjection, usersProjection } from '@ringcheck/projections';
import type { Socket } from 'socket.io';

/** Who a socket is, fixed at its handshake: the proven visitor ids and the signed-in session, if any. */
export interface SocketSession {
  anonId: string | null;
  userId: string | null;
  sessionId: string | null;
  /** Epoch milliseconds at which the access token of the handshake expires. */
  expiresAt: number | null;
}

export const sessionOf = (socket: Socket): SocketSession =>
  (socket.data as { session?: SocketSession }).session ?? { anonId: null, userId: null, sessionId: null, expiresAt: null };

export const setSession = (socket: Socket, session: SocketSession): void => {
  (socket.data as { session?: SocketSession }).session = session;
};

/**
 * The signed-in users and sessions a batch of read-model changes ends: a revoked session (sign-out,
 * refresh-token reuse, password change) or a deleted account.
 */
export function endedSessionsIn(changes: readonly DocumentChange[]): { sessionIds: Set<string>; userIds: Set<string> } {
  const sessionIds = new Set<string>();
  const userIds = new Set<string>();
  for (const change of changes) {
    if (isChangeOf(sessionsProjection, change) && (change.document === null || change.document.revoked)) sessionIds.add(change.documentId);
    if (isChangeOf(usersProjection, change) && (change.document === null || change.document.deleted)) userIds.add(change.documentId);
  }
  return { sessionIds, userIds };
}
