import { AuthUser } from '../common/auth/auth-user';
import { Membership } from './membership.entity';
import { User } from './user.entity';

/**
 * The one mapping of a user record to what the service shows of it: the authenticated caller
 * (bearer token or browser session), acting in one of their memberships with its role, and the
 * user that create_user answers.
 */
export function userView(
  user: User,
  membership: Pick<Membership, 'organisation_id' | 'role'>,
): AuthUser {
  const { id, email, super_admin } = user;
  return {
    id,
    email,
    organisation_id: membership.organisation_id,
    role: membership.role,
    super_admin,
  };
}
