import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { persistedColumn } from '../database/persisted-value';
import { Claimant, ClaimRow, Refill } from './claimed-delivery';
import { WebhookLease } from './webhook-lease.entity';

/** A voided lease's token (`void`): its holder stops at its next outcome. */
export const VOIDED_TOKEN = '';
/** A released lease's `until`: in the past on every instance's clock. */
const RELEASED = new Date(0);

/**
 * The webhook leases (OPERATIONS 5: each attempt by one instance): which instance attempts a
 * webhook's deliveries now. Taken and renewed by claims, released when a batch ends, voided by a
 * change of the webhook; each is one statement whatever the number of webhooks.
 */
@Injectable()
export class WebhookLeasesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Leases the webhooks to the claimant where no live lease holds them (read anew: run after the
   * webhooks are locked, this statement sees a lease another instance committed meanwhile);
   * answers those leased.
   */
  async take(ids: number[], claimant: Claimant, now: Date): Promise<number[]> {
    const sql = new SqlBuilder(this.dialect);
    const owner = this.param(sql, 'owner', claimant.owner);
    const token = this.param(sql, 'token', claimant.token);
    const until = this.param(sql, 'until', claimant.until);
    const from = sql.idTable(ids);
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      'airfleet_lease_webhooks',
      `INSERT INTO "webhook_leases" ("webhook_id", "owner", "token", "until")
       SELECT t.value, ${owner}, ${token}, ${until} FROM ${from} WHERE 1 = 1
       ON CONFLICT ("webhook_id") DO UPDATE
         SET "owner" = excluded."owner", "token" = excluded."token", "until" = excluded."until"
         WHERE "webhook_leases"."until" <= ${this.param(sql, 'until', now)}
       RETURNING "webhook_id"`,
      sql.params,
    );
    return rows.map((row) => Number(row.webhook_id)).sort((a, b) => a - b);
  }

  /** Extends the leases that still carry their claim's token; answers the webhooks renewed. */
  async renew(refills: readonly Refill[], until: Date): Promise<Set<number>> {
    const sql = new SqlBuilder(this.dialect);
    const mark = this.param(sql, 'until', until);
    const values = refills.map(
      ({ webhook, token }) =>
        `(${this.param(sql, 'webhook_id', webhook.id)}, ${this.param(sql, 'token', token)})`,
    );
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      `airfleet_renew_webhook_leases_${refills.length}`,
      `UPDATE "webhook_leases" SET "until" = ${mark}
       FROM (SELECT column1 AS id, column2 AS token FROM (VALUES ${values.join(', ')}) AS v) AS r
       WHERE "webhook_leases"."webhook_id" = r.id AND "webhook_leases"."token" = r.token
       RETURNING "webhook_leases"."webhook_id"`,
      sql.params,
    );
    return new Set(rows.map((row) => Number(row.webhook_id)));
  }

  /** Ends the owner's leases of these webhooks at once (their batches ended). */
  async release(owner: string, webhookIds: readonly number[]): Promise<void> {
    const sql = new SqlBuilder(this.dialect);
    const until = this.param(sql, 'until', RELEASED);
    const mark = this.param(sql, 'owner', owner);
    await this.dialect.preparedQuery(
      this.txHost.tx,
      'airfleet_release_webhook_leases',
      `UPDATE "webhook_leases" SET "until" = ${until}
       WHERE "owner" = ${mark} AND "webhook_id" IN (SELECT t.value FROM ${sql.idTable([...webhookIds])})`,
      sql.params,
    );
  }

  /**
   * Voids the lease of the instance attempting the webhook's deliveries, if any: that instance
   * stops at its next outcome and the next claim reads the webhook anew (its URL, secrets,
   * whether it is enabled). Its outcomes under way are still recorded; no other instance may take
   * the webhook before it lets go. Run in the transaction that changes the webhook.
   */
  async void(orgId: number, webhookId: number): Promise<void> {
    await this.txHost.tx
      .getRepository(WebhookLease)
      .createQueryBuilder()
      .update()
      .set({ token: VOIDED_TOKEN })
      .where('webhook_id = :webhookId', { webhookId })
      .andWhere('webhook_id IN (SELECT w.id FROM webhooks w WHERE w.organisation_id = :orgId)', {
        orgId,
      })
      .execute();
  }

  /** A value bound as the column's type (dates as the database stores them). */
  param(sql: SqlBuilder, column: keyof WebhookLease, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, WebhookLease, column, value);
    return sql.param(bound.value, bound.type);
  }
}
