import { Injectable } from '@nestjs/common';
import { readId } from '../common/ids/id';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { NetworkAccessService } from '../network-access/network-access.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessRepository } from '../networks/network-access.repository';
import { ACCESS_LEVELS, AccessLevel } from '../networks/network-access-grant.entity';
import { MembershipsRepository } from '../users/memberships.repository';
import { MAX_PER_PAGE } from '../common/pagination/pagination';

/** The most members the page lists (the API's largest page). */
const MAX_MEMBERS = MAX_PER_PAGE;
import { formFields, orRefusedTo, refusalText } from '../web/form';
import { Redirect, redirectTo, refusedTo, Shown, show } from '../web/page-outcome';
import { USERS_PAGE, UsersModel } from './console-views';

/** The most networks the grant form offers (the largest page of the API). */
const MAX_NETWORKS = 1000;

const LEVEL_LABELS: Record<AccessLevel, string> = {
  full: 'Full (change and command)',
  read_only: 'Read only',
};

/** A refusal of a grant, or a user or network that is not there, as the page's error flash. */
const grantRefusal = (error: unknown): string | null =>
  refusalText(error) ??
  (error instanceof DomainError && error.httpStatus === 404 ? error.message : null);

/**
 * The organisation's users and their network grants, for admins: who may see and change what.
 * Grants are made and revoked through NetworkAccessService, as the API's grant routes do;
 * admins need none (they reach every network).
 */
@Injectable()
export class UsersPageService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly grants: NetworkAccessRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly access: NetworkAccessService,
  ) {}

  async list(user: AuthUser): Promise<Shown<UsersModel>> {
    const orgId = user.organisation_id;
    const [networks] = await this.networks.page(orgId, 'all', 0, MAX_NETWORKS);
    const names = new Map(networks.map((n) => [n.id, n.network_name]));
    const grants = await this.grants.findAll(orgId);
    const [members] = await this.memberships.page(orgId, {
      page: 1,
      perPage: MAX_MEMBERS,
      offset: 0,
    });
    const users = members.map((member) => ({
      id: member.user_id,
      email: member.email,
      role: member.role,
      isAdmin: member.role === 'admin',
      isYou: member.user_id === user.id,
      grants: grants
        .filter((grant) => grant.user_id === member.user_id)
        .map((grant) => ({
          networkId: grant.location_network_id,
          network: names.get(grant.location_network_id) ?? `Network ${grant.location_network_id}`,
          level: LEVEL_LABELS[grant.level],
        }))
        .sort((a, b) => a.network.localeCompare(b.network)),
    }));
    return show(USERS_PAGE, {
      title: 'Users and access',
      section: 'users',
      users,
      networks: networks
        .map((n) => ({ id: n.id, name: n.network_name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      levels: ACCESS_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] })),
    });
  }

  /** Grants (or changes) a member's access to a network. */
  async grant(user: AuthUser, userId: number, body: unknown): Promise<Redirect> {
    const form = formFields(body);
    const level = ACCESS_LEVELS.find((value) => value === form.level);
    // The API's id rule: an integer outside 1..2147483647 is a network that is not found.
    const networkId = readId(form.network_id);
    if (!level || networkId === undefined) {
      return refusedTo('/users', 'Choose a network and a level.');
    }
    return orRefusedTo(
      '/users',
      async () => {
        await this.access.grant(user, { user_id: userId, network_id: networkId, level }, 'console');
        return redirectTo('/users', `Access granted: ${LEVEL_LABELS[level].toLowerCase()}.`);
      },
      grantRefusal,
    );
  }

  /** Revokes a member's grant on a network. */
  async revoke(user: AuthUser, userId: number, networkId: number): Promise<Redirect> {
    return orRefusedTo(
      '/users',
      async () => {
        const { revoked } = await this.access.revoke(
          user,
          { user_id: userId, network_id: networkId },
          'console',
        );
        return redirectTo('/users', revoked ? 'Access revoked.' : 'There was no access to revoke.');
      },
      grantRefusal,
    );
  }
}
