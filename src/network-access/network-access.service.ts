import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { AuthUser } from '../common/auth/auth-user';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { networkNotFound } from '../networks/networks.errors';
import { UsersRepository } from '../users/users.repository';
import { GrantNetworkAccessDto } from './dto/grant-network-access.dto';
import { RevokeNetworkAccessDto } from './dto/revoke-network-access.dto';
import { AccessLevel, NetworkAccessGrant } from '../networks/network-access-grant.entity';
import { NetworkAccessRepository } from '../networks/network-access.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';

export interface GrantView {
  id: number;
  organisation_id: number;
  user_id: number;
  network_id: number;
  level: AccessLevel;
  created_at: string;
}

export const grantView = (grant: NetworkAccessGrant): GrantView => ({
  id: grant.id,
  organisation_id: grant.organisation_id,
  user_id: grant.user_id,
  network_id: grant.location_network_id,
  level: grant.level,
  created_at: grant.created_at.toISOString(),
});

/**
 * Grants a user of the organisation access to one of its networks. A network
 * that is not the organisation's answers as missing (404 1001); a user who is not the
 * organisation's is a parameter error (422 1030: no not-found code exists for users).
 */
@Injectable()
export class NetworkAccessService {
  constructor(
    private readonly grants: NetworkAccessRepository,
    private readonly users: UsersRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly changes: ChangeRunner,
  ) {}

  grant(
    user: AuthUser,
    input: GrantNetworkAccessDto,
    via: RequestChannel = 'api',
  ): Promise<GrantView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const network = await this.assertNetworkAndUser(orgId, input.network_id, input.user_id);
      const grant = await this.grants.upsert(orgId, input.user_id, input.network_id, input.level);
      await this.record(user, via, 'grant.created', network, input.level, input.user_id);
      return grantView(grant);
    });
  }

  /**
   * Removes the user's grant on the network; `revoked: false` when there was none.
   * Access is read from the grants on every request, so the next request is already refused.
   */
  revoke(
    user: AuthUser,
    input: RevokeNetworkAccessDto,
    via: RequestChannel = 'api',
  ): Promise<{ revoked: boolean }> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const network = await this.assertNetworkAndUser(orgId, input.network_id, input.user_id);
      const level = await this.grants.delete(orgId, input.user_id, input.network_id);
      if (level !== null) {
        await this.record(user, via, 'grant.revoked', network, level, input.user_id);
      }
      return { revoked: level !== null };
    });
  }

  /** The grant event, last in its transaction (`{user_id, network_id, level}`). */
  private record(
    user: AuthUser,
    via: RequestChannel,
    type: 'grant.created' | 'grant.revoked',
    network: { id: number; network_name: string },
    level: AccessLevel,
    userId: number,
  ): Promise<void> {
    const at = { actor: userActor(user, via), at: new Date() };
    const about = { device: null, network: { id: network.id, network_name: network.network_name } };
    const data = { user_id: userId, network_id: network.id, level };
    return this.changes.record(user.organisation_id, [eventOf(type, about, data, at)]);
  }

  /** The network first (404 1001), then the user (422 1030), both of the organisation. */
  private async assertNetworkAndUser(orgId: number, networkId: number, userId: number) {
    const network = await this.networks.findById(orgId, networkId);
    if (!network) {
      throw networkNotFound();
    }
    if (!(await this.users.findInOrganisation(orgId, userId))) {
      throw new ValidationFailedError(['user_id is not a user of the organisation']);
    }
    return network;
  }
}
