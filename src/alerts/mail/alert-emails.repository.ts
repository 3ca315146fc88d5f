import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { chunksOf } from '../../database/bind-parameters';
import { Dialect } from '../../database/dialect';
import { leaseSql } from '../../background/queue-leases.repository';
import { AlertEmail } from './alert-email.entity';
import { SendOutcome } from './alert-mail-rules';

/** A message to queue. */
export type NewAlertEmail = Pick<
  AlertEmail,
  'alert_id' | 'kind' | 'recipients' | 'subject' | 'text_body'
>;

const EMAIL_COLUMNS = 9;

/** The outbox's lease queue: its poll in SCHEDULE, its leases' `queue` (one per message). */
export const ALERT_EMAIL_QUEUE = 'alert e-mails';

/** An attempt's outcome to record while the message's lease carries the claim's `token`. */
export interface FinishedEmail {
  id: number;
  token: string;
  outcome: SendOutcome;
  at: Date;
}

/**
 * The alert e-mail outbox. Every query takes the organisation first, but those of
 * its lease queue (AlertMailSender) and the retention, which drain every organisation's messages.
 */
@Injectable()
export class AlertEmailsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(AlertEmail);
  }

  /** Queues these messages, due at `at` (one INSERT per chunk under the bind-parameter limit). */
  async enqueue(orgId: number, messages: readonly NewAlertEmail[], at: Date): Promise<void> {
    for (const chunk of chunksOf(messages, EMAIL_COLUMNS)) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .into(AlertEmail)
        .values(
          chunk.map((message) => ({
            ...message,
            organisation_id: orgId,
            state: 'pending',
            next_attempt_at: at,
          })),
        )
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * Run in the claim's transaction: at most `limit` due messages that no live lease holds, the
   * longest waiting first, locked skipping those another instance is claiming (PostgreSQL): one
   * statement.
   */
  async lockDue(now: Date, limit: number): Promise<{ id: number }[]> {
    const rows = await this.dialect
      .lockSkippingLocked(
        this.repository
          .createQueryBuilder('m')
          .select('m.id', 'id')
          .where("m.state = 'pending' AND m.next_attempt_at <= :now", { now })
          .andWhere(`NOT ${leaseSql.held(ALERT_EMAIL_QUEUE, 'm.id')}`)
          .orderBy('m.next_attempt_at', 'ASC')
          .addOrderBy('m.id', 'ASC')
          .limit(limit),
      )
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => ({ id: Number(row.id) }));
  }

  /** Run in the claim's transaction: these pending messages (one statement). */
  pending(ids: number[]): Promise<AlertEmail[]> {
    const list = this.dialect.idsParameter('ids', ids);
    return this.repository
      .createQueryBuilder('m')
      .where(list.condition('m.id'), { ids: list.value })
      .andWhere("m.state = 'pending'")
      .orderBy('m.id', 'ASC')
      .getMany();
  }

  /**
   * Records attempts' outcomes, each only while its message's lease carries its claim's token;
   * answers the ids recorded. Run in a transaction: one commit for them all.
   */
  async finish(outcomes: readonly FinishedEmail[]): Promise<Map<number, boolean>> {
    const recorded = new Map<number, boolean>();
    for (const { id, token, outcome, at } of outcomes) {
      const result = await this.repository
        .createQueryBuilder()
        .update(AlertEmail)
        .set({
          state: outcome.state,
          attempts: () => '"attempts" + 1',
          last_error: outcome.error,
          last_attempt_at: at,
          next_attempt_at: outcome.next,
        })
        .where("id = :id AND state = 'pending'", { id })
        .andWhere(leaseSql.carries(ALERT_EMAIL_QUEUE, '"alert_emails"."id"', ':token'), { token })
        .execute();
      if ((result.affected ?? 0) > 0) {
        recorded.set(id, true);
      }
    }
    return recorded;
  }

  /** Deletes the sent and failed messages created before `cutoff` (retention). */
  async deleteFinishedBefore(cutoff: Date): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .delete()
      .from(AlertEmail)
      .where("state IN ('sent', 'failed') AND created_at < :cutoff", { cutoff })
      .execute();
  }
}
