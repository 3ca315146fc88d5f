import { Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, USER_ROLES } from '../../common/auth/auth-user';
import { ApiErrorCode, CodedError, DomainError } from '../../common/errors';
import { MAX_PER_PAGE } from '../../common/pagination/pagination';
import { exact, formFields, orFormAgain, orRefusedTo, trimmed } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { SessionService } from '../../web/session.service';
import { MembershipsRepository } from '../../users/memberships.repository';
import { UsersRepository } from '../../users/users.repository';
import { InvitationsService } from '../invitations.service';
import { MeService } from '../me.service';
import { MembersService } from '../members.service';
import {
  ACCEPT_PAGE,
  AcceptModel,
  MEMBERS_PAGE,
  MembersModel,
  ORGANISATIONS_PAGE,
  OrganisationsModel,
} from './teams-views';

/** Switching to an organisation the user is not a member of: as if it did not exist. */
const organisationNotFound = () =>
  new CodedError(ApiErrorCode.MemberNotFound, 'Organisation not found');

/**
 * The console's pages of one login in many organisations: the switch (the header's form), the
 * "All organisations" page, the Members page for admins (members, invitations) and the page an
 * invitation's link opens. They call the same services as the API.
 */
@Injectable()
export class TeamsPagesService {
  constructor(
    private readonly me: MeService,
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
    private readonly sessions: SessionService,
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  /** Makes the session act in another of the user's organisations; any other id: 404. */
  async switchTo(request: FastifyRequest, body: unknown): Promise<PageOutcome> {
    const value = trimmed(formFields(body).organisation_id);
    const orgId = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    const session = request.webSession;
    if (
      !session ||
      !Number.isSafeInteger(orgId) ||
      !(await this.sessions.switchOrganisation(session, orgId))
    ) {
      throw organisationNotFound();
    }
    const name = (await this.memberships.ofUser(session.user!.id)).find(
      (m) => m.organisation.id === orgId,
    )!.organisation.name;
    return redirectTo('/overview', `Now in ${name}.`);
  }

  async organisations(user: AuthUser): Promise<Shown<OrganisationsModel>> {
    const { organisations } = await this.me.organisations(user, { per_page: MAX_PER_PAGE });
    return show(ORGANISATIONS_PAGE, {
      title: 'All organisations',
      organisations: organisations.map((o) => ({ ...o, current: o.id === user.organisation_id })),
    });
  }

  membersPage(
    user: AuthUser,
    shown: Partial<Pick<MembersModel, 'issued' | 'error' | 'values'>> = {},
    status = 200,
  ): Promise<Shown<MembersModel>> {
    return this.page(user, shown, status);
  }

  changeRole(user: AuthUser, userId: number, body: unknown): Promise<PageOutcome> {
    const role = trimmed(formFields(body).role);
    return orRefusedTo('/members', async () => {
      const member = await this.members.changeRole(user, userId, { role }, 'console');
      return redirectTo('/members', `${member.email} is ${member.role} now.`);
    });
  }

  remove(user: AuthUser, userId: number): Promise<PageOutcome> {
    return orRefusedTo('/members', async () => {
      const member = await this.members.remove(user, userId, 'console');
      return redirectTo(
        member.user_id === user.id ? '/organisations' : '/members',
        `${member.email} is no longer a member.`,
      );
    });
  }

  invite(user: AuthUser, body: unknown): Promise<PageOutcome<MembersModel>> {
    const form = formFields(body);
    const values = { email: trimmed(form.email), role: trimmed(form.role) || 'member' };
    return orFormAgain(
      async () => {
        const issued = await this.invitations.create(user, values, 'console');
        return this.page(user, {
          issued: {
            email: issued.email,
            accept_url: issued.accept_url,
            mailed: this.invitations.mailed,
          },
        });
      },
      (messages) => this.page(user, { error: messages.join(', '), values }, 422),
    );
  }

  async revokeInvitation(user: AuthUser, id: number): Promise<PageOutcome> {
    return orRefusedTo('/members', async () => {
      const invitation = await this.invitations.revoke(user, id, 'console');
      return redirectTo('/members', `The invitation of ${invitation.email} is revoked.`);
    });
  }

  /** The page an invitation's link opens: accept, sign in, or choose a password. */
  async acceptPage(
    request: FastifyRequest,
    token: unknown,
    error?: string,
    status = 200,
  ): Promise<Shown<AcceptModel>> {
    const preview = await this.invitations.preview(token);
    const here = `/invitations/accept?token=${encodeURIComponent(String(token))}`;
    return show(
      ACCEPT_PAGE,
      {
        title: 'Invitation',
        token: String(token),
        organisation: preview.organisation.name,
        role: preview.role,
        email: preview.email,
        signedInAs: request.webSession?.user?.email ?? null,
        hasAccount: preview.hasAccount,
        signInUrl: `/login?next=${encodeURIComponent(here)}`,
        error,
      },
      status,
    );
  }

  /**
   * Accepts: as the signed-in user (then acting in the organisation joined), or, signed out, by
   * creating the account with the password chosen (then signed in). A refusal shows the page
   * again with why.
   */
  async accept(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
  ): Promise<PageOutcome<AcceptModel>> {
    const form = formFields(body);
    const token = exact(form.token);
    const signedIn = request.webSession?.user;
    try {
      if (signedIn) {
        const { membership } = await this.invitations.accept(signedIn, token, 'console');
        await this.sessions.switchOrganisation(request.webSession!, membership.organisation.id);
        return redirectTo('/overview', `You are a member of ${membership.organisation.name}.`);
      }
      const { userId, orgId } = await this.invitations.createAccount(token, exact(form.password));
      const user = (await this.users.findById(userId))!;
      const membership = (await this.memberships.find(orgId, userId))!;
      await this.sessions.startSignedIn(request, reply, user, membership);
      return redirectTo('/overview', `Welcome, ${user.email}.`);
    } catch (error) {
      if (error instanceof DomainError && (error.httpStatus === 403 || error.httpStatus === 422)) {
        return this.acceptPage(request, token, refusal(error), error.httpStatus);
      }
      throw error;
    }
  }

  private async page(
    user: AuthUser,
    shown: Partial<Pick<MembersModel, 'issued' | 'error' | 'values'>>,
    status = 200,
  ): Promise<Shown<MembersModel>> {
    const { members } = await this.members.list(user, { per_page: MAX_PER_PAGE });
    return show(
      MEMBERS_PAGE,
      {
        title: 'Members',
        section: 'users',
        members: members.map((m) => ({ ...m, isYou: m.user_id === user.id })),
        invitations: await this.invitations.listPending(user),
        roles: [...USER_ROLES],
        values: { email: '', role: 'member' },
        ...shown,
      },
      status,
    );
  }
}

/** A refusal's words: each validation message, else its message. */
function refusal(error: DomainError): string {
  const messages = (error as { messages?: string[] }).messages;
  return messages ? messages.join(', ') : error.message;
}
