import { ApiErrorCode, CodedError } from '../common/errors';

/** A change that would leave the organisation without an admin (422 1053). */
export const noAdminLeft = () =>
  new CodedError(ApiErrorCode.NoAdminLeft, 'The organisation would have no admin left');

/** A user id that is not a member of the caller's organisation (404 1054). */
export const memberNotFound = () => new CodedError(ApiErrorCode.MemberNotFound, 'Member not found');

/** An invitation that is unknown, used, revoked or expired (404 1055). */
export const invitationNotFound = () =>
  new CodedError(ApiErrorCode.InvitationNotFound, 'Invitation not found');
