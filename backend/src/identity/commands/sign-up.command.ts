import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@ringcheck/projections';
import { type CommandContext, DomainError, executeCommand, foldHistory } from '../../infrastructure/event-sourcing';
import { newId } from '../../infrastructure/ids';
import { EVENT_STORE } from '../../infrastructure/storage';
import { emailReservationStream, normalizeEmail } from '../domain/email-address';
import { emailReservationDecider } from '../domain/email-reservation.decider';
import { userDecider, userStream } from '../domain/user.decider';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config';
import { IdentityReadModels } from '../queries/identity-read-models';
import { PasswordHasher } from '../security/password-hasher';
import { passwordProblem } from '../security/password-strength';
import { newSession, type StartedSession } from './new-session';

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
}

export class SignUpCommand extends Command<StartedSession> {
  constructor(
    readonly input: SignUpInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Creates a built-in account: the e-mail address is reserved in its own stream first (so two
 * simultaneous sign-ups cannot both take it), then the account and its first session are recorded.
 */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly hasher: PasswordHasher,
    private readonly reads: IdentityReadModels,
  ) {}

  async execute({ input, context }: SignUpCommand): Promise<StartedSession> {
    const emailNormalized = normalizeEmail(input.email);
    const problem = await passwordProblem(input.password, input);
    if (problem) throw DomainError.invalid('password', problem);
    const userId = newId('user_');
    const passwordHash = await this.hasher.hash(input.password);
    const now = new Date();
    const at = now.toISOString();
    const actor = { ...context, actor: userId };

    const reservation = emailReservationStream(emailNormalized);
    await executeCommand(
      this.events,
      reservation,
      emailReservationDecider,
      { type: 'ReserveEmail', userId, at, holderHasAccount: await this.holderHasAccount(reservation) },
      actor,
    );

    const { session, refreshToken } = newSession(this.config.refreshTokenTtlDays, now);
    const outcome = await executeCommand(
      this.events,
      userStream(userId),
      userDecider,
      {
        type: 'SignUp',
        profile: {
          userId,
          email: emailNormalized,
          emailNormalized,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          provider: 'embedded',
          externalSubject: null,
        },
        session,
        at,
      },
      actor,
    );
    await this.reads.caughtUp(outcome.position);
    return { userId, familyId: session.familyId, refreshToken, expiresAt: session.expiresAt, position: outcome.position };
  }

  private async holderHasAccount(reservation: string): Promise<boolean> {
    const { holder } = foldHistory(emailReservationDecider, await this.events.readStream(reservation));
    if (!holder) return false;
    return (await this.events.readStream(userStream(holder), { maxCount: 1 })).length > 0;
  }
}
