import { Dialect, SqlBuilder } from '../database/dialect';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { AccessLevel, NetworkAccessGrant } from './network-access-grant.entity';

@Injectable()
export class NetworkAccessRepository extends TenantRepository<NetworkAccessGrant> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, NetworkAccessGrant, dialect);
  }

  /** Every grant of the organisation. */
  findAll(orgId: number): Promise<NetworkAccessGrant[]> {
    return this.findScoped(orgId, {});
  }

  /** Every grant of a user in the organisation. */
  findForUser(orgId: number, userId: number): Promise<NetworkAccessGrant[]> {
    return this.findScoped(orgId, { where: { user_id: userId } });
  }

  findOne(orgId: number, userId: number, networkId: number): Promise<NetworkAccessGrant | null> {
    return this.findOneScoped(orgId, {
      where: { user_id: userId, location_network_id: networkId },
    });
  }

  /**
   * Deletes the user's grant on the network and answers the level it had, read by the DELETE
   * itself (so it is the grant that was deleted, whatever ran concurrently); null when there was
   * none.
   */
  async delete(orgId: number, userId: number, networkId: number): Promise<AccessLevel | null> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{ level: AccessLevel }>(
      this.manager,
      `DELETE FROM "network_access_grants"
       WHERE "organisation_id" = ${sql.param(orgId)} AND "user_id" = ${sql.param(userId)}
         AND "location_network_id" = ${sql.param(networkId)}
       RETURNING "level"`,
      sql.params,
    );
    return rows[0]?.level ?? null;
  }

  /** Deletes every grant of the user in the organisation (their membership ended). */
  async deleteForUser(orgId: number, userId: number): Promise<void> {
    await this.repository.delete({ organisation_id: orgId, user_id: userId });
  }

  /** Creates the grant or changes its level (one grant per user and network). */
  async upsert(
    orgId: number,
    userId: number,
    networkId: number,
    level: AccessLevel,
  ): Promise<NetworkAccessGrant> {
    await this.repository.upsert(
      { organisation_id: orgId, user_id: userId, location_network_id: networkId, level },
      { conflictPaths: ['user_id', 'location_network_id'] },
    );
    return (await this.findOne(orgId, userId, networkId))!;
  }
}
