import { Injectable } from '@nestjs/common';
import { AuthUser, UserRole } from '../common/auth/auth-user';
import { pageRequest, PaginationMeta, paginationMeta } from '../common/pagination/pagination';
import { PaginationQueryDto } from '../common/pagination/pagination';
import { AlertsService } from '../alerts/alerts.service';
import { OverviewService } from '../overview/overview.service';
import { MembershipRow, MembershipsRepository } from '../users/memberships.repository';

/** `GET /v1/me`. */
export interface MeView {
  user: { id: number; email: string; super_admin: boolean };
  organisation: { id: number; name: string };
  role: UserRole;
  memberships: MembershipRow[];
}

/** One of the caller's organisations at a glance. */
export interface OrganisationSummary {
  id: number;
  name: string;
  role: UserRole;
  devices: { total: number; up: number; down: number };
  alerts_open: number;
  rollouts_running: number;
}

/**
 * Who the caller is, and every organisation they belong to with what its overview would show
 * them there: the same services as each organisation's overview, asked as the member the caller
 * is in it (their role and grants there).
 */
@Injectable()
export class MeService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly overview: OverviewService,
    private readonly alerts: AlertsService,
  ) {}

  async me(user: AuthUser): Promise<MeView> {
    const memberships = await this.memberships.ofUser(user.id);
    const current = memberships.find((m) => m.organisation.id === user.organisation_id)!;
    return {
      user: { id: user.id, email: user.email, super_admin: user.super_admin },
      organisation: current.organisation,
      role: user.role,
      memberships,
    };
  }

  /** A page of the caller's organisations, by name then id, with their counts. */
  async organisations(
    user: AuthUser,
    query: PaginationQueryDto,
  ): Promise<{ organisations: OrganisationSummary[]; meta: PaginationMeta }> {
    const page = pageRequest(query);
    const memberships = await this.memberships.ofUser(user.id);
    const shown = memberships.slice(page.offset, page.offset + page.perPage);
    const organisations: OrganisationSummary[] = [];
    for (const { organisation, role } of shown) {
      // The caller as a member of that organisation: its overview's numbers for them.
      const there: AuthUser = { ...user, organisation_id: organisation.id, role };
      const counts = await this.overview.overview(there);
      organisations.push({
        id: organisation.id,
        name: organisation.name,
        role,
        devices: counts.devices,
        alerts_open: await this.alerts.countOpen(there),
        rollouts_running: counts.rollouts.running,
      });
    }
    return { organisations, meta: paginationMeta(page, memberships.length) };
  }
}
