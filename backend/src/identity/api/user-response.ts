import type { UserDocument, UserView } from '@ringcheck/projections';

/** A user as the API shows them: never a password hash, token or session detail. */
export function userResponse(user: UserDocument): UserView {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    provider: user.provider,
    created_at: user.createdAt,
    last_sign_in_at: user.lastSignInAt,
    roles: user.roles ?? [],
  };
}
