import type { EventStore, UserRole } from '@ringcheck/projections';
import { emailReservationStream, normalizeEmail } from '../domain/email-address';
import { emailReservationDecider } from '../domain/email-reservation.decider';
import { userDecider, userStream } from '../domain/user.decider';
import { executeCommand, foldHistory } from '../../infrastructure/event-sourcing';

export interface RoleChange {
  action: 'grant' | 'revoke';
  userId: string;
  /** As the operator typed it: the user decider refuses a role that does not exist. */
  role: string;
  /** The operator, recorded as the events' actor (`operator:<by>`). */
  by: string;
  reason: string | null;
}

export interface RoleChangeOutcome {
  /** False when the user already had (or already lacked) the role: nothing was recorded. */
  changed: boolean;
  /** Position of the event recorded, or of the user's stream head when nothing was. */
  position: number;
  roles: UserRole[];
}

/**
 * The account an e-mail address or user id names: the user id when that account was ever created
 * (a deleted one included, so the user decider can say why it refuses), else null.
 */
export async function accountNamed(events: EventStore, who: string): Promise<string | null> {
  const userId = who.startsWith('user_')
    ? who
    : foldHistory(emailReservationDecider, await events.readStream(emailReservationStream(normalizeEmail(who)))).holder;
  if (!userId) return null;
  const history = await events.readStream(userStream(userId));
  return history.some((event) => event.type === 'UserSignedUp') ? userId : null;
}

/** Grants or revokes a role on the user's stream, decided by the user decider, with the operator as actor. */
export async function changeUserRole(events: EventStore, change: RoleChange): Promise<RoleChangeOutcome> {
  const { userId, role, by, reason } = change;
  const outcome = await executeCommand(
    events,
    userStream(userId),
    userDecider,
    change.action === 'grant' ? { type: 'GrantRole', userId, role, by, reason } : { type: 'RevokeRole', userId, role, by, reason },
    { actor: `operator:${by}`, correlationId: crypto.randomUUID() },
  );
  return { changed: outcome.events.length > 0, position: outcome.position, roles: outcome.state.roles };
}

/** The roles a user holds now, folded from their stream. */
export async function rolesOf(events: EventStore, userId: string): Promise<UserRole[]> {
  return foldHistory(userDecider, await events.readStream(userStream(userId))).roles;
}
