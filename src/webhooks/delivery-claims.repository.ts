import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { hydratedValue, persistedColumn } from '../database/persisted-value';
import { EventRecord } from '../event-log/event.entity';
import { Webhook } from './webhook.entity';
import { DeliveryState, WebhookDelivery } from './webhook-delivery.entity';

/** How an attempt ended, as the delivery row records it. */
export interface AttemptOutcome {
  state: DeliveryState;
  status: number | null;
  error: string | null;
  at: Date;
  next: Date | null;
}

/** An attempt's outcome to record if its lease is still `token`'s. */
export interface LeasedOutcome {
  id: number;
  token: string;
  outcome: AttemptOutcome;
}

/** A webhook as a claim locks it: what an attempt signs and sends with. */
export type ClaimedWebhook = Pick<
  Webhook,
  'id' | 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'
>;

/** A delivery claimed for one attempt, with its webhook and its event (null for a test). */
export type ClaimedDelivery = Pick<
  WebhookDelivery,
  | 'id'
  | 'organisation_id'
  | 'webhook_id'
  | 'event_id'
  | 'event_type'
  | 'message_id'
  | 'attempts'
  | 'schedule_base'
  | 'test_payload'
> & { webhook: ClaimedWebhook; event: EventRecord | null };

/** Webhooks whose due deliveries one claim considers (the oldest due first). */
const WEBHOOKS_PER_CLAIM = 50;
/** The event's columns an attempt's body needs, returned by the claim itself. */
const EVENT_COLUMNS = [
  'type',
  'occurred_at',
  'network_id',
  'network_name',
  'device_id',
  'device_mac',
  'device_name',
  'actor',
  'data',
] as const;
const DELIVERY_COLUMNS = [
  'id',
  'organisation_id',
  'webhook_id',
  'event_id',
  'event_type',
  'message_id',
  'attempts',
  'schedule_base',
  'test_payload',
] as const;

type ClaimRow = Record<string, unknown>;

/**
 * The dispatcher's statements on the delivery queue (OPERATIONS 5, issue 27's speed): a claim
 * in two statements of one transaction, which lease the deliveries and return everything their
 * attempts need, and the outcomes of many attempts recorded by one statement. A constant number
 * of statements whatever the number of deliveries (a claim read back the rows it leased and an
 * outcome was an UPDATE each: 4.7 statements a delivery to one webhook).
 */
@Injectable()
export class DeliveryClaims {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Claims at most `limit` due deliveries for one attempt each, leased to `token` until `until`.
   * Run in a transaction: the webhooks with due deliveries are locked first (the longest waiting
   * first), skipping those another instance is claiming for, and each gets at most `cap` leases
   * alive at once, counted in a statement that starts after the lock is held (so it sees every
   * lease another instance committed under it). Each webhook's first due deliveries and its
   * leases alive are read from its partial indexes (IDX_deliveries_webhook_pending, _leased),
   * so a claim costs the same whatever the backlog.
   */
  async claim(
    now: Date,
    until: Date,
    token: string,
    limit: number,
    cap: number,
  ): Promise<ClaimedDelivery[]> {
    const webhooks = await this.lockDueWebhooks(now);
    if (webhooks.size === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const at = (value: Date | null) => this.typed(sql, 'lease_until', value);
    // The k-th due delivery of each webhook, k = 1…cap, each read from the webhook's pending
    // index in due order (never the whole backlog); kept while k plus the webhook's leases
    // alive stays within the cap. Only a pending delivery holds a lease (an outcome recorded
    // clears it), so the count reads the leased index alone.
    const nth = (k: number) =>
      `SELECT t.value AS "webhook_id", ${k} AS rn,
         (SELECT d."id" FROM "webhook_deliveries" d
          WHERE d."webhook_id" = t.value AND d."state" = 'pending'
            AND d."next_attempt_at" <= ${at(now)}
            AND (d."lease_until" IS NULL OR d."lease_until" <= ${at(now)})
          ORDER BY d."next_attempt_at", d."id" LIMIT 1 OFFSET ${k - 1}) AS "id"
       FROM ${sql.idTable([...webhooks.keys()])}`;
    // Parameters are bound in the order they appear (SQLite's marks are positional).
    const lease = `"lease_until" = ${at(until)}, "lease_token" = ${sql.param(token)}`;
    const candidates = Array.from({ length: cap }, (_, k) => nth(k + 1)).join(' UNION ALL ');
    const count = `(SELECT COUNT(*) FROM "webhook_deliveries" f
                    WHERE f."webhook_id" = c."webhook_id" AND f."lease_until" > ${at(now)})`;
    const capMark = sql.param(cap); // before the limit, as they appear below
    const limitMark = sql.param(limit);
    // The event of each delivery, by its primary key, in the same statement: no read after.
    const event = EVENT_COLUMNS.map(
      (column) =>
        `(SELECT e."${column}" FROM "events" e
          WHERE e."id" = "webhook_deliveries"."event_id") AS "e_${column}"`,
    );
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      'airfleet_claim_deliveries_returning',
      `UPDATE "webhook_deliveries" SET ${lease}
       WHERE "id" IN (
         SELECT c."id" FROM (${candidates}) c
         WHERE c."id" IS NOT NULL AND c.rn + ${count} <= ${capMark}
         ORDER BY c.rn, c."id"
         LIMIT ${limitMark})
       RETURNING ${DELIVERY_COLUMNS.map((column) => `"${column}"`).join(', ')}, ${event.join(', ')}`,
      sql.params,
    );
    return rows.map((row) => this.claimed(row, webhooks));
  }

  /**
   * Records the outcomes whose lease is still their token's, in one statement; answers the ids
   * recorded (an attempt whose lease was taken over records nothing). Bound as one row of
   * values per outcome (7 parameters: 64 outcomes stay far under every limit); prepared once per
   * number of outcomes.
   */
  async finish(outcomes: readonly LeasedOutcome[]): Promise<Set<number>> {
    if (outcomes.length === 0) {
      return new Set();
    }
    const sql = new SqlBuilder(this.dialect);
    const value = (column: keyof WebhookDelivery, v: unknown) => this.typed(sql, column, v);
    const values = outcomes.map(
      ({ id, token, outcome }) =>
        `(${[
          value('id', id),
          value('lease_token', token),
          value('state', outcome.state),
          value('last_status_code', outcome.status),
          value('last_error', outcome.error),
          value('last_attempt_at', outcome.at),
          value('next_attempt_at', outcome.next),
        ].join(', ')})`,
    );
    // VALUES columns are column1… on both databases (SQLite has no column list on an alias).
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      `airfleet_finish_deliveries_${outcomes.length}`,
      `UPDATE "webhook_deliveries" SET "state" = o.state, "attempts" = "webhook_deliveries"."attempts" + 1,
         "last_status_code" = o.status, "last_error" = o.error, "last_attempt_at" = o.at,
         "next_attempt_at" = o.next, "lease_until" = NULL, "lease_token" = NULL
       FROM (SELECT column1 AS id, column2 AS token, column3 AS state, column4 AS status,
               column5 AS error, column6 AS at, column7 AS next
             FROM (VALUES ${values.join(', ')}) AS v) AS o
       WHERE "webhook_deliveries"."id" = o.id AND "webhook_deliveries"."lease_token" = o.token
       RETURNING "webhook_deliveries"."id"`,
      sql.params,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * The enabled webhooks with deliveries due at `now`, the longest waiting first, locked (FOR NO
   * KEY UPDATE SKIP LOCKED: those another instance is claiming for are skipped), with what their
   * attempts sign and send with: one statement.
   */
  private async lockDueWebhooks(now: Date): Promise<Map<number, ClaimedWebhook>> {
    const oldest = `(SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= :now
         AND (d.lease_until IS NULL OR d.lease_until <= :now))`;
    const rows = await this.dialect
      .lockSkippingLocked(
        this.txHost.tx
          .getRepository(Webhook)
          .createQueryBuilder('w')
          .select('w.id', 'id')
          .addSelect('w.url', 'url')
          .addSelect('w.secret', 'secret')
          .addSelect('w.previous_secret', 'previous_secret')
          .addSelect('w.previous_secret_until', 'previous_secret_until')
          .addSelect(oldest, 'oldest')
          .where('w.enabled = :enabled', { enabled: true })
          .andWhere(`${oldest} IS NOT NULL`, { now })
          .orderBy('oldest', 'ASC')
          .limit(WEBHOOKS_PER_CLAIM),
      )
      .getRawMany<ClaimRow>();
    const manager = this.txHost.tx;
    return new Map(
      rows.map((row) => {
        const webhook: ClaimedWebhook = {
          id: Number(row.id),
          url: row.url as string,
          secret: row.secret as string,
          previous_secret: (row.previous_secret as string | null) ?? null,
          previous_secret_until: hydratedValue(
            manager,
            Webhook,
            'previous_secret_until',
            row.previous_secret_until,
          ) as Date | null,
        };
        return [webhook.id, webhook];
      }),
    );
  }

  private claimed(row: ClaimRow, webhooks: Map<number, ClaimedWebhook>): ClaimedDelivery {
    const manager = this.txHost.tx;
    const delivery = Object.fromEntries(
      DELIVERY_COLUMNS.map((column) => [
        column,
        hydratedValue(manager, WebhookDelivery, column, row[column]),
      ]),
    ) as Omit<ClaimedDelivery, 'webhook' | 'event'>;
    for (const column of ['id', 'organisation_id', 'webhook_id', 'attempts', 'schedule_base']) {
      (delivery as Record<string, unknown>)[column] = Number(row[column]);
    }
    const eventId = delivery.event_id === null ? null : Number(delivery.event_id);
    // An event deleted meanwhile (retention) reads as none, as a left join would.
    const event =
      eventId === null || row.e_type === null || row.e_type === undefined
        ? null
        : (Object.fromEntries([
            ['id', eventId],
            ...EVENT_COLUMNS.map((column) => [
              column,
              hydratedValue(manager, EventRecord, column, row[`e_${column}`]),
            ]),
          ]) as EventRecord);
    return {
      ...delivery,
      event_id: eventId,
      webhook: webhooks.get(delivery.webhook_id)!,
      event,
    };
  }

  private typed(sql: SqlBuilder, column: keyof WebhookDelivery, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, WebhookDelivery, column, value);
    return sql.param(bound.value, bound.type);
  }
}
