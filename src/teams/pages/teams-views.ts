import { UserRole } from '../../common/auth/auth-user';
import { PageModel, view } from '../../web/page-outcome';
import { OrganisationSummary } from '../me.service';
import { InvitationView } from '../invitations.service';
import { MemberView } from '../members.service';

/** views/organisations.hbs: every organisation of the user, each row switching into it. */
export interface OrganisationsModel extends PageModel {
  organisations: (OrganisationSummary & { current: boolean })[];
}

/** views/members.hbs: the members, the invite form (the link shown once), pending invitations. */
export interface MembersModel extends PageModel {
  members: (MemberView & { isYou: boolean })[];
  invitations: InvitationView[];
  roles: UserRole[];
  /** The link of the invitation just created: shown this once. */
  issued?: { email: string; accept_url: string; mailed: boolean };
  error?: string;
  values: { email: string; role: string };
}

/** views/accept.hbs: an invitation, to accept, to sign in for, or to choose a password for. */
export interface AcceptModel extends PageModel {
  token: string;
  organisation: string;
  role: UserRole;
  email: string;
  /** Who is signed in, if anyone: the invitation is accepted as them. */
  signedInAs: string | null;
  hasAccount: boolean;
  /** The sign-in page, coming back here. */
  signInUrl: string;
  error?: string;
}

export const ORGANISATIONS_PAGE = view<OrganisationsModel>('teams/pages/views/organisations');
export const MEMBERS_PAGE = view<MembersModel>('teams/pages/views/members');
export const ACCEPT_PAGE = view<AcceptModel>('teams/pages/views/accept');
