import { AuthUser } from '../common/auth/auth-user';
import { User } from './user.entity';

/**
 * The one mapping of a user record to what the service shows of it: the authenticated caller
 * (bearer token or browser session) and the user that create_user answers.
 */
export function userView(user: User): AuthUser {
  const { id, email, organisation_id, role, super_admin } = user;
  return { id, email, organisation_id, role, super_admin };
}
