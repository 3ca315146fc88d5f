import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthUser, UserRole } from '../common/auth/auth-user';
import { ForbiddenError, ValidationFailedError } from '../common/errors';
import { hashToken, newTokenSecret } from '../common/identity/token-secret';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { MembershipsRepository } from '../users/memberships.repository';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { Invitation } from './invitation.entity';
import { InvitationMail } from './invitation-mail';
import { InvitationsRepository } from './invitations.repository';
import { INVITATION_DAYS, invitationFields, isPending } from './member-rules';
import { teamEvent } from './members.service';
import { invitationNotFound } from './teams.errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation as the API shows it. */
export interface InvitationView {
  id: number;
  email: string;
  role: UserRole;
  invited_by: { id: number; email: string };
  created_at: string;
  expires_at: string;
}

/** The create answer: the invitation with its token and link, shown this once. */
export interface IssuedInvitation extends InvitationView {
  token: string;
  accept_url: string;
}

export const invitationView = (invitation: Invitation): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  invited_by: { id: invitation.invited_by!.id, email: invitation.invited_by!.email },
  created_at: invitation.created_at.toISOString(),
  expires_at: invitation.expires_at.toISOString(),
});

/** What the accept page shows of an invitation to the holder of its token. */
export interface InvitationPreview {
  organisation: { id: number; name: string };
  role: UserRole;
  email: string;
  hasAccount: boolean;
}

/** What an accepted invitation made of the caller. */
export interface AcceptedMembership {
  membership: { organisation: { id: number; name: string }; role: UserRole };
}

/**
 * Invitations into an organisation: created, listed and revoked by its admins, accepted by the
 * person invited. Nothing here tells whether an address has an account or a membership: the
 * create answer is the same for every address, and accepting an invitation into an
 * organisation one belongs to already changes nothing.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly accounts: UsersService,
    private readonly changes: ChangeRunner,
    private readonly config: ConfigService,
    private readonly mail: InvitationMail,
  ) {}

  /** Whether a new invitation's link is also e-mailed (the service has a mail server). */
  get mailed(): boolean {
    return this.mail.enabled;
  }

  /**
   * Invites an address with a role (`member` by default), replacing a pending invitation of the
   * same address into this organisation (its unsent e-mail dropped); records `invitation.created`
   * (the address appears nowhere in the event) and, with SMTP_URL set, queues the e-mail of the
   * accept link in the same transaction. The answer is the same with or without a mail server.
   */
  create(
    user: AuthUser,
    input: { email?: unknown; role?: unknown } | undefined,
    via: RequestChannel = 'api',
  ): Promise<IssuedInvitation> {
    const { email, role } = invitationFields(input);
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const replaced = await this.invitations.revokePendingOf(orgId, email, change.at);
        await this.mail.drop(orgId, replaced);
        const token = newTokenSecret();
        const invitation = await this.invitations.create({
          organisation_id: orgId,
          email,
          role,
          token_hash: hashToken(token),
          invited_by_id: user.id,
          created_at: change.at,
          expires_at: new Date(change.at.getTime() + INVITATION_DAYS * DAY_MS),
        });
        change.record(
          teamEvent(
            'invitation.created',
            { invitation_id: invitation.id, role },
            change.actor,
            change.at,
          ),
        );
        const acceptUrl = this.acceptUrl(token);
        await this.mail.queue(invitation, acceptUrl);
        return { ...invitationView(invitation), token, accept_url: acceptUrl };
      },
      // One invitation pending per address: two at once for one address run one after another.
      { lockOrganisation: true, actor: userActor(user, via) },
    );
  }

  async listPending(user: AuthUser): Promise<InvitationView[]> {
    return (await this.invitations.allPending(user.organisation_id, new Date())).map(
      invitationView,
    );
  }

  /**
   * Revokes a pending invitation, dropping its unsent e-mail; any other id: 404 1055. Records
   * `invitation.revoked`.
   */
  revoke(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<InvitationView> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const invitation = await this.invitations.pending(orgId, id, change.at);
        if (!invitation || !(await this.invitations.revoke(orgId, id, change.at))) {
          throw invitationNotFound();
        }
        await this.mail.drop(orgId, [id]);
        change.record(
          teamEvent('invitation.revoked', { invitation_id: id }, change.actor, change.at),
        );
        return invitationView(invitation);
      },
      { actor: userActor(user, via) },
    );
  }

  /**
   * Accepts the invitation the token names for the caller, whatever organisation the caller acts
   * in: pending and of the caller's e-mail, it makes them a member with its role (`member.added`,
   * by them) and is used up. An unknown, used, revoked or expired token: 404 1055; another
   * e-mail: 403 1029, and it stays pending. A caller who is a member already keeps their role.
   */
  async accept(
    user: { id: number; email: string },
    token: unknown,
    via: RequestChannel = 'api',
  ): Promise<AcceptedMembership> {
    const invitation = await this.pendingByToken(token);
    if (invitation.email !== user.email.toLowerCase()) {
      throw new ForbiddenError('This invitation is for another e-mail address');
    }
    const orgId = invitation.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        if (!(await this.invitations.use(orgId, invitation.id, change.at))) {
          throw invitationNotFound();
        }
        await this.mail.drop(orgId, [invitation.id]);
        let membership = await this.memberships.find(orgId, user.id);
        if (!membership) {
          membership = await this.memberships.add(orgId, user.id, invitation.role);
          change.record(
            teamEvent(
              'member.added',
              { user_id: user.id, role: invitation.role },
              change.actor,
              change.at,
            ),
          );
        }
        const organisation = { id: orgId, name: invitation.organisation!.name };
        return { membership: { organisation, role: membership.role } };
      },
      // Under the organisation's lock, as every change of its members.
      { lockOrganisation: true, actor: userActor(user, via) },
    );
  }

  /**
   * What the console's accept page shows of the invitation a token names: its organisation, role
   * and address, and whether that address has an account (only the token's holder learns it);
   * 404 1055 unless it is pending.
   */
  async preview(token: unknown): Promise<InvitationPreview> {
    const invitation = await this.pendingByToken(token);
    return {
      organisation: { id: invitation.organisation_id, name: invitation.organisation!.name },
      role: invitation.role,
      email: invitation.email,
      hasAccount: (await this.users.findByEmail(invitation.email)) !== null,
    };
  }

  /**
   * Accepts the invitation for someone with no account: creates the account with the chosen
   * password and this one membership (`member.added`, by them), and uses the invitation up. An
   * address that has an account meanwhile: 422 1030 (sign in to accept); a password outside 8 to
   * 200 characters: 422 1030.
   */
  async createAccount(
    token: unknown,
    password: string,
  ): Promise<{ userId: number; orgId: number }> {
    const invitation = await this.pendingByToken(token);
    if (password.length < 8 || password.length > 200) {
      throw new ValidationFailedError(['password must be 8 to 200 characters']);
    }
    const orgId = invitation.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        if (await this.users.findByEmail(invitation.email)) {
          throw new ValidationFailedError([
            'an account has this e-mail already: sign in to accept',
          ]);
        }
        if (!(await this.invitations.use(orgId, invitation.id, change.at))) {
          throw invitationNotFound();
        }
        await this.mail.drop(orgId, [invitation.id]);
        const user = await this.accounts.createUser({
          organisation_id: orgId,
          email: invitation.email,
          role: invitation.role,
          password,
        });
        change.record(
          teamEvent(
            'member.added',
            { user_id: user.id, role: invitation.role },
            userActor(user, 'console'),
            change.at,
          ),
        );
        return { userId: user.id, orgId };
      },
      { lockOrganisation: true },
    );
  }

  private async pendingByToken(token: unknown): Promise<Invitation> {
    const invitation =
      typeof token === 'string' && token.length > 0 && token.length <= 256
        ? await this.invitations.findByTokenHash(hashToken(token))
        : null;
    if (!invitation || !isPending(invitation, new Date())) {
      throw invitationNotFound();
    }
    return invitation;
  }

  /** The console's accept page for this token, on the service's public address. */
  acceptUrl(token: string): string {
    const { publicUrl } = this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
    return `${publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
  }
}
