import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore, SessionDocument } from '@ringcheck/projections';
import { type CommandContext, executeCommand } from '../../infrastructure/event-sourcing';
import { EVENT_STORE } from '../../infrastructure/storage';
import { userDecider, userStream } from '../domain/user.decider';
import { IdentityReadModels } from '../queries/identity-read-models';
import { hashRefreshToken, isWellFormedRefreshToken } from '../security/refresh-tokens';

export class SignOutCommand extends Command<void> {
  constructor(
    /** The refresh token from the cookie, when there is one. */
    readonly refreshToken: string | null,
    /** The session of the access token sent, when there is one. */
    readonly accessTokenSession: { userId: string; familyId: string } | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Ends the session(s) the caller holds; signing out of an ended or unknown session is not an error. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ refreshToken, accessTokenSession, context }: SignOutCommand): Promise<void> {
    const families = new Map<string, string>();
    if (refreshToken && isWellFormedRefreshToken(refreshToken)) {
      const family: SessionDocument | null = await this.reads.sessionByTokenHash(hashRefreshToken(refreshToken));
      if (family) families.set(family.familyId, family.userId);
    }
    if (accessTokenSession) families.set(accessTokenSession.familyId, accessTokenSession.userId);
    let position = 0;
    for (const [familyId, userId] of families) {
      const outcome = await executeCommand(
        this.events,
        userStream(userId),
        userDecider,
        { type: 'EndSession', userId, familyId },
        { ...context, actor: userId },
      );
      position = Math.max(position, outcome.position);
    }
    await this.reads.caughtUp(position);
  }
}
