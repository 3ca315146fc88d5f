import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { NetworkAccessService } from '../network-access/network-access.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessRepository } from '../networks/network-access.repository';
import { ACCESS_LEVELS, AccessLevel } from '../networks/network-access-grant.entity';
import { UsersRepository } from '../users/users.repository';
import { formRefusal } from '../web/form-refusal';
import { PageOutcome, refusedTo } from '../web/page-renderer';

/** The most networks the grant form offers (the largest page of the API). */
const MAX_NETWORKS = 1000;

const LEVEL_LABELS: Record<AccessLevel, string> = {
  full: 'Full (change and command)',
  read_only: 'Read only',
};

/**
 * The organisation's users and their network grants, for admins (issue 29, item 10): who may
 * see and change what. Grants are made and revoked through NetworkAccessService, as the API's
 * grant routes do; admins need none (they reach every network).
 */
@Injectable()
export class UsersPageService {
  constructor(
    private readonly users: UsersRepository,
    private readonly grants: NetworkAccessRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly access: NetworkAccessService,
  ) {}

  async list(user: AuthUser): Promise<PageOutcome> {
    const orgId = user.organisation_id;
    const [networks] = await this.networks.page(orgId, 'all', 0, MAX_NETWORKS);
    const names = new Map(networks.map((n) => [n.id, n.network_name]));
    const grants = await this.grants.findAll(orgId);
    const users = (await this.users.listInOrganisation(orgId)).map((member) => ({
      id: member.id,
      email: member.email,
      role: member.role,
      isAdmin: member.role === 'admin',
      isYou: member.id === user.id,
      grants: grants
        .filter((grant) => grant.user_id === member.id)
        .map((grant) => ({
          networkId: grant.location_network_id,
          network: names.get(grant.location_network_id) ?? `Network ${grant.location_network_id}`,
          level: LEVEL_LABELS[grant.level],
        }))
        .sort((a, b) => a.network.localeCompare(b.network)),
    }));
    return {
      kind: 'page',
      template: 'console/views/users',
      status: 200,
      context: {
        title: 'Users and access',
        section: 'users',
        users,
        networks: networks
          .map((n) => ({ id: n.id, name: n.network_name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        levels: ACCESS_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] })),
      },
    };
  }

  /** Grants (or changes) a member's access to a network. */
  async grant(user: AuthUser, userId: number, body: unknown): Promise<PageOutcome> {
    const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const level = ACCESS_LEVELS.find((value) => value === form.level);
    const networkId = Number(form.network_id);
    if (!level || !Number.isSafeInteger(networkId)) {
      return refusedTo('/users', 'Choose a network and a level.');
    }
    return this.attempt(async () => {
      await this.access.grant(user, { user_id: userId, network_id: networkId, level }, 'console');
      return `Access granted: ${LEVEL_LABELS[level].toLowerCase()}.`;
    });
  }

  /** Revokes a member's grant on a network. */
  async revoke(user: AuthUser, userId: number, networkId: number): Promise<PageOutcome> {
    return this.attempt(async () => {
      const { revoked } = await this.access.revoke(
        user,
        { user_id: userId, network_id: networkId },
        'console',
      );
      return revoked ? 'Access revoked.' : 'There was no access to revoke.';
    });
  }

  private async attempt(work: () => Promise<string>): Promise<PageOutcome> {
    try {
      return { kind: 'redirect', location: '/users', message: await work() };
    } catch (error) {
      const message =
        formRefusal(error) ??
        (error instanceof DomainError && error.httpStatus === 404 ? error.message : null);
      if (message !== null) {
        return refusedTo('/users', message);
      }
      throw error;
    }
  }
}
