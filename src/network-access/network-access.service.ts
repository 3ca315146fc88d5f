import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { networkNotFound } from '../networks/networks.errors';
import { UsersRepository } from '../users/users.repository';
import { GrantNetworkAccessDto } from './dto/grant-network-access.dto';
import { RevokeNetworkAccessDto } from './dto/revoke-network-access.dto';
import { AccessLevel, NetworkAccessGrant } from '../networks/network-access-grant.entity';
import { NetworkAccessRepository } from '../networks/network-access.repository';

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
 * Grants a user of the organisation access to one of its networks (CONTRACT 3 and 5). A network
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
  ) {}

  grant(orgId: number, input: GrantNetworkAccessDto): Promise<GrantView> {
    return this.unitOfWork.run(async () => {
      await this.assertNetworkAndUser(orgId, input.network_id, input.user_id);
      return grantView(
        await this.grants.upsert(orgId, input.user_id, input.network_id, input.level),
      );
    });
  }

  /**
   * Removes the user's grant on the network (CONTRACT 9); `revoked: false` when there was none.
   * Access is read from the grants on every request, so the next request is already refused.
   */
  revoke(orgId: number, input: RevokeNetworkAccessDto): Promise<{ revoked: boolean }> {
    return this.unitOfWork.run(async () => {
      await this.assertNetworkAndUser(orgId, input.network_id, input.user_id);
      return { revoked: await this.grants.delete(orgId, input.user_id, input.network_id) };
    });
  }

  /** The network first (404 1001), then the user (422 1030), both of the organisation. */
  private async assertNetworkAndUser(orgId: number, networkId: number, userId: number) {
    if (!(await this.networks.findById(orgId, networkId))) {
      throw networkNotFound();
    }
    if (!(await this.users.findInOrganisation(orgId, userId))) {
      throw new ValidationFailedError(['user_id is not a user of the organisation']);
    }
  }
}
