import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { chunksOf } from '../../database/bind-parameters';
import { Dialect } from '../../database/dialect';
import { AlertEmail } from './alert-email.entity';
import { SendOutcome } from './alert-mail-rules';

/** A message to queue. */
export type NewAlertEmail = Pick<
  AlertEmail,
  'alert_id' | 'kind' | 'recipients' | 'subject' | 'text_body'
>;

const EMAIL_COLUMNS = 9;

/**
 * The alert e-mail outbox (OPERATIONS 6). Every query takes the organisation first, but the claim
 * and the retention, which drain every organisation's messages.
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
   * Claims at most `limit` due messages for one attempt each, leased to `token` until `until`:
   * the due rows are locked skipping those another instance is claiming (PostgreSQL), then
   * leased, so that no other instance takes them before the lease expires. Run in a transaction.
   */
  async claim(now: Date, until: Date, token: string, limit: number): Promise<AlertEmail[]> {
    const due = await this.dialect
      .lockSkippingLocked(
        this.repository
          .createQueryBuilder('m')
          .where("m.state = 'pending' AND m.next_attempt_at <= :now", { now })
          .andWhere('(m.lease_until IS NULL OR m.lease_until <= :now)')
          .orderBy('m.next_attempt_at', 'ASC')
          .addOrderBy('m.id', 'ASC')
          .limit(limit),
      )
      .getMany();
    if (due.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter(
      'ids',
      due.map((message) => message.id),
    );
    await this.repository
      .createQueryBuilder()
      .update(AlertEmail)
      .set({ lease_until: until, lease_token: token })
      .where(list.condition('id'), { ids: list.value })
      .execute();
    return due.map((message) => Object.assign(message, { lease_until: until, lease_token: token }));
  }

  /** Records an attempt's outcome if the lease is still `token`'s; false when it was taken over. */
  async finish(id: number, token: string, outcome: SendOutcome, at: Date): Promise<boolean> {
    const result = await this.repository
      .createQueryBuilder()
      .update(AlertEmail)
      .set({
        state: outcome.state,
        attempts: () => '"attempts" + 1',
        last_error: outcome.error,
        last_attempt_at: at,
        next_attempt_at: outcome.next,
        lease_until: null,
        lease_token: null,
      })
      .where('id = :id AND lease_token = :token', { id, token })
      .execute();
    return (result.affected ?? 0) > 0;
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
