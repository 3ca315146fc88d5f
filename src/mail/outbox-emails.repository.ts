import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { chunksOf } from '../database/bind-parameters';
import { Dialect } from '../database/dialect';
import { leaseSql } from '../background/queue-leases.repository';
import { OutboxEmail, OutboxTopic } from './outbox-email.entity';
import { SendOutcome } from './mail-rules';

/** A message to queue. */
export type NewOutboxEmail = Pick<
  OutboxEmail,
  'topic' | 'topic_id' | 'recipients' | 'subject' | 'text_body'
> & { secret?: boolean };

const EMAIL_COLUMNS = 10;

/** The outbox's lease queue: its poll in SCHEDULE, its leases' `queue` (one per message). */
export const OUTBOX_QUEUE = 'e-mails';

/** The body as it stays once a message is no longer pending: a secret one is forgotten. */
const BODY_KEPT_IF_NOT_SECRET = 'CASE WHEN "secret" THEN NULL ELSE "text_body" END';

/** An attempt's outcome to record while the message's lease carries the claim's `token`. */
export interface FinishedEmail {
  id: number;
  token: string;
  outcome: SendOutcome;
  at: Date;
}

/**
 * The e-mail outbox. Every query takes the organisation first, but those of its lease queue
 * (MailSender) and the retention, which drain every organisation's messages.
 */
@Injectable()
export class OutboxEmailsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(OutboxEmail);
  }

  /** Queues these messages, due at `at` (one INSERT per chunk under the bind-parameter limit). */
  async enqueue(orgId: number, messages: readonly NewOutboxEmail[], at: Date): Promise<void> {
    for (const chunk of chunksOf(messages, EMAIL_COLUMNS)) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .into(OutboxEmail)
        .values(
          chunk.map((message) => ({
            ...message,
            secret: message.secret ?? false,
            organisation_id: orgId,
            state: 'pending' as const,
            next_attempt_at: at,
          })),
        )
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * Drops the organisation's unsent messages of these topic ids (an invitation replaced, revoked
   * or accepted): they are never sent, and a secret body is forgotten. One statement; a send
   * already under way records nothing afterwards (its row is no longer pending).
   */
  async drop(orgId: number, topic: OutboxTopic, topicIds: number[]): Promise<void> {
    if (topicIds.length === 0) {
      return;
    }
    const list = this.dialect.idsParameter('ids', topicIds);
    await this.repository
      .createQueryBuilder()
      .update(OutboxEmail)
      .set({ state: 'dropped', next_attempt_at: null, text_body: () => BODY_KEPT_IF_NOT_SECRET })
      .where("organisation_id = :orgId AND topic = :topic AND state = 'pending'", { orgId, topic })
      .andWhere(list.condition('topic_id'), { ids: list.value })
      .execute();
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
          .andWhere(`NOT ${leaseSql.held(OUTBOX_QUEUE, 'm.id')}`)
          .orderBy('m.next_attempt_at', 'ASC')
          .addOrderBy('m.id', 'ASC')
          .limit(limit),
      )
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => ({ id: Number(row.id) }));
  }

  /** Run in the claim's transaction: these pending messages (one statement). */
  pending(ids: number[]): Promise<OutboxEmail[]> {
    const list = this.dialect.idsParameter('ids', ids);
    return this.repository
      .createQueryBuilder('m')
      .where(list.condition('m.id'), { ids: list.value })
      .andWhere("m.state = 'pending'")
      .orderBy('m.id', 'ASC')
      .getMany();
  }

  /**
   * Records attempts' outcomes, each only while its message is pending and its lease carries its
   * claim's token; a secret body is forgotten once sent or failed. Answers the ids recorded. Run
   * in a transaction: one commit for them all.
   */
  async finish(outcomes: readonly FinishedEmail[]): Promise<Map<number, boolean>> {
    const recorded = new Map<number, boolean>();
    for (const { id, token, outcome, at } of outcomes) {
      const result = await this.repository
        .createQueryBuilder()
        .update(OutboxEmail)
        .set({
          state: outcome.state,
          attempts: () => '"attempts" + 1',
          last_error: outcome.error,
          last_attempt_at: at,
          next_attempt_at: outcome.next,
          ...(outcome.state === 'pending' ? {} : { text_body: () => BODY_KEPT_IF_NOT_SECRET }),
        })
        .where("id = :id AND state = 'pending'", { id })
        .andWhere(leaseSql.carries(OUTBOX_QUEUE, '"outbox_emails"."id"', ':token'), { token })
        .execute();
      if ((result.affected ?? 0) > 0) {
        recorded.set(id, true);
      }
    }
    return recorded;
  }

  /** Deletes the sent, failed and dropped messages created before `cutoff` (retention). */
  async deleteFinishedBefore(cutoff: Date): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .delete()
      .from(OutboxEmail)
      .where("state IN ('sent', 'failed', 'dropped') AND created_at < :cutoff", { cutoff })
      .execute();
  }
}
