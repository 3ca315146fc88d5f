import { UserRole } from '../common/auth/auth-user';

/** What an invitation e-mail tells. */
export interface InvitationMessageInput {
  organisation: string;
  invitedBy: string;
  role: UserRole;
  acceptUrl: string;
  expiresAt: Date;
}

/** One line: a name with line breaks or runs of spaces would bend the subject. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `2030-01-08 10:00 UTC`. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The e-mail of an invitation: who invites whom into which organisation with which role, the
 * accept link and when it expires. The link is the only secret in it; it says nothing about
 * whether the address has an account.
 */
export function invitationMessage(input: InvitationMessageInput): {
  subject: string;
  text: string;
} {
  const organisation = oneLine(input.organisation);
  const subject = `[Airfleet] You are invited to ${organisation}`;
  const text = [
    `${oneLine(input.invitedBy)} invited you to the organisation ${organisation} on Airfleet, ` +
      `with the role ${input.role}.`,
    '',
    'Accept the invitation:',
    input.acceptUrl,
    '',
    `The link can be used once, until ${utc(input.expiresAt)}. If you did not expect this ` +
      'invitation, ignore this e-mail.',
    '',
  ].join('\n');
  return { subject, text };
}
