import { Injectable } from '@nestjs/common';
import { AuthUser, UserRole } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { pageRequest, PaginationMeta, paginationMeta } from '../common/pagination/pagination';
import { PaginationQueryDto } from '../common/pagination/pagination';
import { EventActor } from '../event-log/event.entity';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { EventType } from '../event-log/event-types';
import { Change } from '../fleet-change/change';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { NetworkAccessRepository } from '../networks/network-access.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { MemberRow, MembershipsRepository } from '../users/memberships.repository';
import { UsersRepository } from '../users/users.repository';
import { guardUnique } from '../database/unique-violation';
import { keepsAnAdmin, MemberChange, memberRole } from './member-rules';
import { memberNotFound, noAdminLeft } from './teams.errors';

/** A member as the API shows one. */
export interface MemberView {
  user_id: number;
  email: string;
  role: UserRole;
  created_at: string;
}

export const memberView = (member: MemberRow): MemberView => ({
  user_id: member.user_id,
  email: member.email,
  role: member.role,
  created_at: member.created_at.toISOString(),
});

/** An event about a member or an invitation: of no device and no network. */
export function teamEvent(
  type: EventType,
  data: Record<string, unknown>,
  actor: EventActor,
  at: Date,
) {
  return eventOf(type, { device: null, network: null }, data, { actor, at });
}

/**
 * An organisation's members, for its admins: the list, a role changed, a membership ended. The
 * changes run under the organisation's lock (ChangeRunner), so that the count of admins they
 * decide by cannot change before they commit: of two admins demoting or removing each other at
 * once, one change waits for the other and then finds the last admin.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly users: UsersRepository,
    private readonly grants: NetworkAccessRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly changes: ChangeRunner,
  ) {}

  async list(
    user: AuthUser,
    query: PaginationQueryDto,
  ): Promise<{ members: MemberView[]; meta: PaginationMeta }> {
    const page = pageRequest(query);
    const [members, count] = await this.memberships.page(user.organisation_id, page);
    return { members: members.map(memberView), meta: paginationMeta(page, count) };
  }

  /**
   * Gives the member another role; it applies to their tokens and sessions from the next request
   * on. `member.updated` only when the role changed.
   */
  changeRole(
    user: AuthUser,
    userId: number,
    input: { role?: unknown } | undefined,
    via: RequestChannel = 'api',
  ): Promise<MemberView> {
    const role = memberRole(input);
    return this.decide(user, userId, { role }, via, async (member, change) => {
      if (member.role === role) {
        return member;
      }
      await this.memberships.setRole(user.organisation_id, userId, role);
      const changes = { role: { from: member.role, to: role } };
      change.record(
        teamEvent('member.updated', { user_id: userId, changes }, change.actor, change.at),
      );
      return { ...member, role };
    });
  }

  /**
   * Ends the membership at once: its grants go, its tokens of this organisation are revoked and
   * its browser sessions here end with it (they name the membership). The user's other
   * memberships are untouched.
   */
  remove(user: AuthUser, userId: number, via: RequestChannel = 'api'): Promise<MemberView> {
    const orgId = user.organisation_id;
    return this.decide(user, userId, 'remove', via, async (member, change) => {
      await this.grants.deleteForUser(orgId, userId);
      await this.users.revokeTokensInOrganisation(orgId, userId, change.at);
      await this.memberships.remove(orgId, userId);
      change.record(teamEvent('member.removed', { user_id: userId }, change.actor, change.at));
      return member;
    });
  }

  /**
   * Adds a user to an organisation (the command line's membership:add, an accepted invitation);
   * a membership that exists already: 422 1030. Records `member.added` by `actor`.
   */
  add(orgId: number, userId: number, role: UserRole, actor: EventActor): Promise<MemberView> {
    return this.changes.run(
      orgId,
      async (change) => {
        const problems: string[] = [];
        if (!(await this.organisations.findById(orgId))) {
          problems.push('organisation_id does not name an organisation');
        }
        if (!(await this.users.findById(userId))) {
          problems.push('user_id does not name a user');
        }
        if (problems.length === 0 && (await this.memberships.find(orgId, userId))) {
          problems.push('the user is a member of the organisation already');
        }
        if (problems.length > 0) {
          throw new ValidationFailedError(problems);
        }
        await guardUnique(
          () => this.memberships.add(orgId, userId, role),
          () => new ValidationFailedError(['the user is a member of the organisation already']),
        );
        change.record(teamEvent('member.added', { user_id: userId, role }, actor, change.at));
        return memberView((await this.memberships.member(orgId, userId))!);
      },
      { actor },
    );
  }

  /**
   * The one path of a change to a member: under the organisation's lock, the member (404 1054),
   * then the last-admin rule (422 1053), then the write.
   */
  private decide(
    user: AuthUser,
    userId: number,
    what: MemberChange,
    via: RequestChannel,
    write: (member: MemberRow, change: Change) => Promise<MemberRow>,
  ): Promise<MemberView> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const member = await this.memberships.member(orgId, userId);
        if (!member) {
          throw memberNotFound();
        }
        if (!keepsAnAdmin(await this.memberships.countAdmins(orgId), member.role, what)) {
          throw noAdminLeft();
        }
        return memberView(await write(member, change));
      },
      { lockOrganisation: true, actor: userActor(user, via) },
    );
  }
}
