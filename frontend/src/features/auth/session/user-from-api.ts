import type { ApiUser } from '../../../api/auth-api';
import type { AuthUser } from '../auth-context';

export function userFromApi(user: ApiUser): AuthUser {
  return {
    id: user.id,
    email: user.email ?? '',
    firstName: user.first_name ?? '',
    lastName: user.last_name ?? '',
    createdAt: user.created_at ?? null,
    lastSignInAt: user.last_sign_in_at ?? null,
    roles: [...user.roles],
  };
}
