import { isEmail } from 'class-validator';
import { USER_ROLES, UserRole } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';

/** How long an invitation stays pending. */
export const INVITATION_DAYS = 7;

/** What a change does to one member: a new role, or the end of the membership. */
export type MemberChange = { role: UserRole } | 'remove';

/**
 * Whether the organisation keeps an admin after the change: it loses one only when an admin is
 * removed or given another role, and keeps one while another admin remains.
 */
export function keepsAnAdmin(admins: number, current: UserRole, change: MemberChange): boolean {
  const losesAdmin = current === 'admin' && (change === 'remove' || change.role !== 'admin');
  return !losesAdmin || admins > 1;
}

/** A role as given: one of USER_ROLES, else the message naming the field. */
function roleOf(value: unknown, field: string, problems: string[]): UserRole | undefined {
  if (typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value)) {
    return value as UserRole;
  }
  problems.push(`${field} must be one of the following values: ${USER_ROLES.join(', ')}`);
  return undefined;
}

/** The role of `{member: {role}}`, or 422 1030 naming it. */
export function memberRole(input: { role?: unknown } | undefined): UserRole {
  const problems: string[] = [];
  const role = roleOf(input?.role, 'member.role', problems);
  if (!role) {
    throw new ValidationFailedError(problems);
  }
  return role;
}

/**
 * The e-mail (lower case, so that invitations of one address in any case are one) and role of
 * `{invitation: {email, role}}` (`member` by default), or 422 1030 naming each bad value.
 */
export function invitationFields(input: { email?: unknown; role?: unknown } | undefined): {
  email: string;
  role: UserRole;
} {
  const problems: string[] = [];
  const email = typeof input?.email === 'string' ? input.email.trim() : '';
  if (email.length > 255 || !isEmail(email)) {
    problems.push('invitation.email must be an email');
  }
  const role =
    input?.role === undefined ? 'member' : roleOf(input.role, 'invitation.role', problems);
  if (problems.length > 0 || !role) {
    throw new ValidationFailedError(problems);
  }
  return { email: email.toLowerCase(), role };
}

/** Whether an invitation can still be accepted at `now`. */
export function isPending(
  invitation: { accepted_at: Date | null; revoked_at: Date | null; expires_at: Date },
  now: Date,
): boolean {
  return (
    invitation.accepted_at === null &&
    invitation.revoked_at === null &&
    invitation.expires_at.getTime() > now.getTime()
  );
}
