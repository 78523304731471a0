/** What Socket.IO keeps of a disconnected socket for connection-state recovery. */
export interface RecoverableSession {
  sid: string;
  rooms: string[];
  data: unknown;
  missedPackets: unknown[];
}

interface SessionRestoringAdapter {
  restoreSession(pid: string, offset: string): Promise<RecoverableSession | null> | RecoverableSession | null;
}

/**
 * Lets a socket recover its rooms and the updates it missed only while the identity it had still holds.
 * Socket.IO rejoins the rooms and writes the missed packets as the socket is created, before any
 * middleware sees the new handshake; without this a session ended while the socket was away (a sign-out
 * elsewhere, a deleted account, an expired token) would still be handed the owner's updates sent since.
 * A refused recovery is an ordinary connection: the client subscribes again from its last position.
 */
export function guardRecovery(adapter: SessionRestoringAdapter, stillHolds: (data: unknown) => Promise<boolean>): void {
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return null;
    return (await stillHolds(session.data)) ? session : null;
  };
}
