import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { SessionRefusedError } from '../domain/session-refused.error';
import { userDecider, userStream } from '../domain/user.decider';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config';
import { IdentityReadModels } from '../queries/identity-read-models';
import { hashRefreshToken, isWellFormedRefreshToken, newRefreshToken } from '../security/refresh-tokens';
import { DAY_MS } from './new-session';

/** Two tabs refreshing with the same cookie at once: the later one within this window is not a theft. */
export const REFRESH_GRACE_MS = 30_000;

export type RefreshOutcome =
  | { rotated: true; userId: string; familyId: string; refreshToken: string; expiresAt: string }
  /** The token was rotated a moment ago by a concurrent refresh: a new access token, the cookie stays. */
  | { rotated: false; userId: string; familyId: string };

export class RefreshSessionCommand extends Command<RefreshOutcome> {
  constructor(
    readonly refreshToken: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Rotates a refresh token. A token that was already rotated (outside the grace window) has been
 * copied: the whole family is revoked and the caller is refused with `refresh_token_reused`.
 */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ refreshToken, context }: RefreshSessionCommand): Promise<RefreshOutcome> {
    if (!isWellFormedRefreshToken(refreshToken)) throw new SessionRefusedError('refresh_token_invalid', 'The refresh token is not valid.');
    const presentedHash = hashRefreshToken(refreshToken);
    const family = await this.reads.sessionByTokenHash(presentedHash);
    if (!family) throw new SessionRefusedError('refresh_token_invalid', 'The refresh token is not valid.');

    const now = new Date();
    const nextToken = newRefreshToken();
    const next = {
      sessionId: randomUUID(),
      tokenHash: hashRefreshToken(nextToken),
      expiresAt: new Date(now.getTime() + this.config.refreshTokenTtlDays * DAY_MS).toISOString(),
    };
    const { userId, familyId } = family;
    const outcome = await executeCommand(
      this.events,
      userStream(userId),
      userDecider,
      { type: 'RefreshSession', userId, familyId, presentedHash, next, at: now.toISOString(), graceMs: REFRESH_GRACE_MS },
      { ...context, actor: userId },
    );
    await this.reads.caughtUp(outcome.position);
    const [event] = outcome.events;
    if (!event) return { rotated: false, userId, familyId };
    if (event.type === 'SessionRevoked') {
      throw new SessionRefusedError('refresh_token_reused', 'This refresh token was already used; the session has been ended for safety. Please sign in again.');
    }
    return { rotated: true, userId, familyId, refreshToken: nextToken, expiresAt: next.expiresAt };
  }
}
