import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { Brackets, SelectQueryBuilder } from 'typeorm';
import { SqlBuilder } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { Command } from './command.entity';
import { CommandState, CommandType } from './command-rules';

/** Which of an organisation's commands a read takes (GET /v1/access_points/commands). */
export interface CommandQuery {
  mac?: string;
  state?: CommandState;
  type?: CommandType;
  /** A member's networks with `full` access: commands of devices elsewhere are left out. */
  networkIds?: number[];
  skip: number;
  take: number;
}

/** What a new command is, for each of its devices. */
export interface NewCommands {
  type: CommandType;
  params: Record<string, unknown>;
  createdBy: { id: number; email: string } | null;
  at: Date;
  expiresAt: Date;
}

const OPEN = `('queued', 'sent')`;

/**
 * The commands table; every query takes the organisation first. Each state change
 * is one conditional UPDATE (of queued or sent, unexpired commands), so that of concurrent
 * writers on any number of instances one makes it; bulk writes are one statement whatever the
 * number of devices (an id list is one parameter).
 */
@Injectable()
export class CommandsRepository extends TransactionalRepository {
  private at(value: Date): unknown {
    return persistedValue(this.manager, Command, 'expires_at', value);
  }

  /** One command per device of the organisation with these ids, in one INSERT; answers them. */
  async insertFor(orgId: number, deviceIds: number[], fields: NewCommands): Promise<Command[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{ id: number | string }>(
      this.manager,

      `INSERT INTO "commands" ("organisation_id", "device_id", "device_mac", "device_name", "type",
         "params", "state", "created_by_id", "created_by_email", "created_at", "expires_at")
       SELECT d."organisation_id", d."id", d."mac_id", d."name", ${sql.param(fields.type, 'varchar')},
         ${sql.param(JSON.stringify(fields.params), 'text')}, 'queued',
         ${sql.param(fields.createdBy?.id ?? null, 'integer')},
         ${sql.param(fields.createdBy?.email ?? null, 'varchar')},
         ${sql.param(this.at(fields.at), 'timestamp')}, ${sql.param(this.at(fields.expiresAt), 'timestamp')}
       FROM "devices" d
       WHERE d."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('d."id"', deviceIds)}
       ORDER BY d."id"
       RETURNING "id"`,
      sql.params,
    );
    return this.byIds(
      orgId,
      rows.map((row) => Number(row.id)),
    );
  }

  /** Cancels the devices' queued commands of this type (a new one replaces them); answers them. */
  async cancelQueued(
    orgId: number,
    deviceIds: number[],
    type: CommandType,
    now: Date,
  ): Promise<Command[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{ id: number | string }>(
      this.manager,

      `UPDATE "commands" SET "state" = 'cancelled', "completed_at" = ${sql.param(this.at(now))}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "state" = 'queued'
         AND "type" = ${sql.param(type)} AND "expires_at" > ${sql.param(this.at(now))}
         AND ${sql.inIds('"device_id"', deviceIds)}
       RETURNING "id"`,
      sql.params,
    );
    return this.byIds(
      orgId,
      rows.map((row) => Number(row.id)),
    );
  }

  /** Which of these devices have `limit` or more commands queued or sent and unexpired. */
  async devicesAtLimit(
    orgId: number,
    deviceIds: number[],
    limit: number,
    now: Date,
  ): Promise<number[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows: { device_id: number | string }[] = await this.manager.query(
      `SELECT "device_id" FROM "commands"
       WHERE "organisation_id" = ${sql.param(orgId)} AND "state" IN ${OPEN}
         AND "expires_at" > ${sql.param(this.at(now))} AND ${sql.inIds('"device_id"', deviceIds)}
       GROUP BY "device_id" HAVING COUNT(*) >= ${sql.param(limit)}
       ORDER BY "device_id"`,
      sql.params,
    );
    return rows.map((row) => Number(row.device_id));
  }

  /** Cancels the command if it is queued and unexpired; false otherwise. */
  async cancel(orgId: number, id: number, now: Date): Promise<boolean> {
    const result = await this.query()
      .update()
      .set({ state: 'cancelled', completed_at: now })
      .where('organisation_id = :orgId AND id = :id AND state = :queued AND expires_at > :now', {
        orgId,
        id,
        queued: 'queued',
        now: this.at(now),
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Marks the device's queued commands with these ids sent (their first hand-out). */
  async markSent(orgId: number, deviceId: number, ids: number[], now: Date): Promise<void> {
    const list = this.dialect.idsParameter('ids', ids);
    await this.query()
      .update()
      .set({ state: 'sent', sent_at: now })
      .where('organisation_id = :orgId AND device_id = :deviceId AND state = :queued', {
        orgId,
        deviceId,
        queued: 'queued',
      })
      .andWhere(list.condition('id'), { ids: list.value })
      .execute();
  }

  /**
   * Closes the device's command with its result if it is queued or sent and unexpired; answers
   * it closed, or null (not the device's, closed already, or expired).
   */
  async close(
    orgId: number,
    deviceId: number,
    id: number,
    result: { state: 'succeeded' | 'failed'; output: string | null; error: string | null },
    now: Date,
  ): Promise<Command | null> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{ id: number | string }>(
      this.manager,

      `UPDATE "commands" SET "state" = ${sql.param(result.state)}, "output" = ${sql.param(result.output, 'text')},
         "error" = ${sql.param(result.error, 'varchar')}, "completed_at" = ${sql.param(this.at(now))}
       WHERE "organisation_id" = ${sql.param(orgId)} AND "device_id" = ${sql.param(deviceId)}
         AND "id" = ${sql.param(id)} AND "state" IN ${OPEN} AND "expires_at" > ${sql.param(this.at(now))}
       RETURNING "id"`,
      sql.params,
    );
    return rows.length === 0 ? null : ((await this.byIds(orgId, [Number(rows[0].id)]))[0] ?? null);
  }

  /**
   * Expires every open command past its expiry, in every organisation, in one conditional
   * UPDATE (of several instances, one changes each); answers them.
   */
  async expireDue(now: Date): Promise<Command[]> {
    const sql = new SqlBuilder(this.dialect);
    const rows = await this.dialect.preparedQuery<{ id: number | string }>(
      this.manager,

      `UPDATE "commands" SET "state" = 'expired', "completed_at" = "expires_at"
       WHERE "state" IN ${OPEN} AND "expires_at" <= ${sql.param(this.at(now))}
       RETURNING "id"`,
      sql.params,
    );
    if (rows.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter(
      'ids',
      rows.map((row) => Number(row.id)),
    );
    return this.select()
      .where(list.condition('c.id'), { ids: list.value })
      .orderBy('c.id')
      .getMany();
  }

  find(orgId: number, id: number): Promise<Command | null> {
    return this.select().where('c.organisation_id = :orgId AND c.id = :id', { orgId, id }).getOne();
  }

  /** A page of the organisation's commands for the query, newest first, and how many match. */
  page(orgId: number, query: CommandQuery, now: Date): Promise<[Command[], number]> {
    const q = this.select().where('c.organisation_id = :orgId', { orgId });
    if (query.mac !== undefined) {
      q.andWhere('c.device_mac = :mac', { mac: query.mac });
    }
    if (query.type !== undefined) {
      q.andWhere('c.type = :type', { type: query.type });
    }
    if (query.state === 'expired') {
      q.andWhere(
        new Brackets((b) =>
          b
            .where("c.state = 'expired'")
            .orWhere(`c.state IN ${OPEN} AND c.expires_at <= :now`, { now: this.at(now) }),
        ),
      );
    } else if (query.state === 'queued' || query.state === 'sent') {
      q.andWhere('c.state = :state AND c.expires_at > :now', {
        state: query.state,
        now: this.at(now),
      });
    } else if (query.state !== undefined) {
      q.andWhere('c.state = :state', { state: query.state });
    }
    if (query.networkIds) {
      this.inNetworks(q, query.networkIds);
    }
    return q.orderBy('c.id', 'DESC').skip(query.skip).take(query.take).getManyAndCount();
  }

  /** Only commands of devices now in these networks (a member's). */
  inNetworks(q: SelectQueryBuilder<Command>, networkIds: number[]): SelectQueryBuilder<Command> {
    const list = this.dialect.idsParameter('networkIds', networkIds.length > 0 ? networkIds : [0]);
    return q.andWhere(
      `c.device_id IN (SELECT d."id" FROM "devices" d WHERE d."organisation_id" = c.organisation_id AND ${list.condition('d."location_network_id"')})`,
      { networkIds: list.value },
    );
  }

  private byIds(orgId: number, ids: number[]): Promise<Command[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.idsParameter('ids', ids);
    return this.select()
      .where('c.organisation_id = :orgId', { orgId })
      .andWhere(list.condition('c.id'), { ids: list.value })
      .orderBy('c.id')
      .getMany();
  }

  private select(): SelectQueryBuilder<Command> {
    return this.manager.getRepository(Command).createQueryBuilder('c');
  }

  private query() {
    return this.manager.getRepository(Command).createQueryBuilder();
  }
}
