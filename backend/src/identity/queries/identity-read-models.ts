import { Inject, Injectable } from '@nestjs/common';
import {
  type ProjectionRunner,
  type SessionDocument,
  sessionsProjection,
  type UserCredentialsDocument,
  userCredentialsProjection,
  type UserDocument,
  usersProjection,
} from '@ringcheck/projections';
import { PROJECTION_RUNNER } from '../../infrastructure/storage';

/** Reads of the identity context, answered from its read models. */
@Injectable()
export class IdentityReadModels {
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  /** Waits until the read models hold everything up to `position` (a command's own writes). */
  caughtUp(position: number): Promise<void> {
    return this.runner.waitForPosition(position);
  }

  user(userId: string): Promise<UserDocument | null> {
    return this.runner.collection(usersProjection).findOne({ _id: userId });
  }

  /** The user for a check that changes nothing (each request's authentication): the store may hand out the document it keeps. */
  async userToCheck(userId: string): Promise<UserDocument | null> {
    const [doc] = await this.runner.collection(usersProjection).find({ _id: userId }, { limit: 1, shared: true });
    return doc ?? null;
  }

  credentialsByEmail(emailNormalized: string): Promise<UserCredentialsDocument | null> {
    return this.runner.collection(userCredentialsProjection).findOne({ emailNormalized });
  }

  credentialsOf(userId: string): Promise<UserCredentialsDocument | null> {
    return this.runner.collection(userCredentialsProjection).findOne({ _id: userId });
  }

  /** The session family a refresh token belongs to: its current token, or one rotated recently. */
  sessionByTokenHash(tokenHash: string): Promise<SessionDocument | null> {
    return this.runner.collection(sessionsProjection).findOne({ tokenHashes: tokenHash });
  }

  session(familyId: string): Promise<SessionDocument | null> {
    return this.runner.collection(sessionsProjection).findOne({ _id: familyId });
  }

  /** As {@link userToCheck}, for a session. */
  async sessionToCheck(familyId: string): Promise<SessionDocument | null> {
    const [doc] = await this.runner.collection(sessionsProjection).find({ _id: familyId }, { limit: 1, shared: true });
    return doc ?? null;
  }
}
