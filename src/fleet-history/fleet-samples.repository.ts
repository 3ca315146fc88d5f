import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { chunksOf } from '../database/bind-parameters';
import { hydratedValue, persistedValue } from '../database/persisted-value';
import { FleetSample } from './fleet-sample.entity';

export type NewFleetSample = Omit<FleetSample, 'id' | 'organisation'>;

/** The fleet history samples; every read takes the organisation first. */
@Injectable()
export class FleetSamplesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get repository() {
    return this.txHost.tx.getRepository(FleetSample);
  }

  /** Whether the samples of this instant were taken (by any instance): one indexed read. */
  async taken(at: Date): Promise<boolean> {
    return (await this.repository.count({ where: { at }, take: 1 })) > 0;
  }

  /**
   * Writes these samples, leaving alone those another instance wrote first (the unique key on
   * organisation, network and instant): one statement per chunk under the bind-parameter limit.
   */
  async insertNew(samples: NewFleetSample[]): Promise<void> {
    for (const chunk of chunksOf(samples, 7)) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .into(FleetSample)
        .values(chunk)
        .orIgnore()
        .updateEntity(false)
        .execute();
    }
  }

  /** The series of one scope over [since, until), the most recent `limit`, oldest first. */
  async series(
    orgId: number,
    networkId: number,
    since: Date,
    until: Date,
    limit: number,
  ): Promise<FleetSample[]> {
    const rows = await this.repository
      .createQueryBuilder('s')
      .where('s.organisation_id = :orgId', { orgId })
      .andWhere('s.network_id = :networkId', { networkId })
      .andWhere('s.at >= :since AND s.at < :until', {
        since: this.stored(since),
        until: this.stored(until),
      })
      .orderBy('s.at', 'DESC')
      .take(limit)
      .getMany();
    return rows.reverse();
  }

  /** Deletes the samples taken before `cutoff` (retention): one statement. */
  async deleteOlderThan(cutoff: Date): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .delete()
      .where('at < :cutoff', { cutoff: this.stored(cutoff) })
      .execute();
  }

  /**
   * The sum of these networks' series over [since, until), instant by instant (what a member who
   * reads several networks sees as their fleet), the most recent `limit`, oldest first: one
   * statement whatever the number of networks.
   */
  async summedSeries(
    orgId: number,
    networkIds: number[],
    since: Date,
    until: Date,
    limit: number,
  ): Promise<Pick<FleetSample, 'at' | 'devices' | 'up' | 'down' | 'clients'>[]> {
    if (networkIds.length === 0) {
      return [];
    }
    const rows: { at: unknown; devices: unknown; up: unknown; down: unknown; clients: unknown }[] =
      await this.repository
        .createQueryBuilder('s')
        .select('s.at', 'at')
        .addSelect('SUM(s.devices)', 'devices')
        .addSelect('SUM(s.up)', 'up')
        .addSelect('SUM(s.down)', 'down')
        .addSelect('SUM(s.clients)', 'clients')
        .where('s.organisation_id = :orgId', { orgId })
        .andWhere('s.network_id IN (:...networkIds)', { networkIds })
        .andWhere('s.at >= :since AND s.at < :until', {
          since: this.stored(since),
          until: this.stored(until),
        })
        .groupBy('s.at')
        .orderBy('s.at', 'DESC')
        .limit(limit)
        .getRawMany();
    return rows.reverse().map((row) => ({
      at: hydratedValue(this.txHost.tx, FleetSample, 'at', row.at) as Date,
      devices: Number(row.devices),
      up: Number(row.up),
      down: Number(row.down),
      clients: Number(row.clients),
    }));
  }

  /** An instant as the `at` column stores it (SQLite keeps text), for a condition. */
  private stored(at: Date): unknown {
    return persistedValue(this.txHost.tx, FleetSample, 'at', at);
  }
}
