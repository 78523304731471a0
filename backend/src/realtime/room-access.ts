/** Who may follow a room: call and discovery reports are public by id; personal rooms need their owner. */
export interface SocketIdentity {
  anonId: string | null;
  userId: string | null;
}

const ROOM_PATTERN = /^(call|discovery|user|anonymous):([a-z]+_[0-9a-f-]{36})$/;

export type RoomDecision = { allowed: true } | { allowed: false; reason: string };

export function decideRoomAccess(room: unknown, identity: SocketIdentity): RoomDecision {
  if (typeof room !== 'string') return { allowed: false, reason: 'room must be a string like call:call_<uuid>' };
  const match = ROOM_PATTERN.exec(room);
  if (!match) return { allowed: false, reason: `Unknown room: ${room.slice(0, 80)}` };
  const [, kind, id] = match;
  if (kind === 'user' && identity.userId !== id) return { allowed: false, reason: 'Sign in as this user to follow their updates.' };
  if (kind === 'anonymous' && identity.anonId !== id) return { allowed: false, reason: 'Only this visitor can follow their updates.' };
  return { allowed: true };
}
