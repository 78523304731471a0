import type { ProjectionDefinition } from '../projection';
import { sessionsProjection } from './sessions.projection';
import { userCredentialsProjection } from './user-credentials.projection';
import { usersProjection } from './users.projection';

/** The identity context's read models, for `allProjections`. */
export const identityProjections: readonly ProjectionDefinition<any>[] = [usersProjection, userCredentialsProjection, sessionsProjection];
