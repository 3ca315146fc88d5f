import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { Webhook } from './webhook.entity';

/** The fields a person writes. */
export type WebhookFields = Pick<Webhook, 'url' | 'event_types' | 'description' | 'enabled'>;

/** The webhooks table; every query takes the organisation first. */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(Webhook);
  }

  list(orgId: number): Promise<Webhook[]> {
    return this.repository.find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });
  }

  find(orgId: number, id: number): Promise<Webhook | null> {
    return this.repository.findOneBy({ organisation_id: orgId, id });
  }

  /** The webhook, its row locked until the transaction ends (writes of one webhook queue up). */
  lock(orgId: number, id: number): Promise<Webhook | null> {
    const query = this.repository
      .createQueryBuilder('w')
      .where('w.organisation_id = :orgId AND w.id = :id', { orgId, id });
    return this.dialect.lockForUpdate(query).getOne();
  }

  count(orgId: number): Promise<number> {
    return this.repository.countBy({ organisation_id: orgId });
  }

  /**
   * The organisation's enabled webhooks' subscriptions (the event writes' fan-out): one
   * statement of a constant text, whichever the organisation.
   */
  async enabledSubscriptions(orgId: number): Promise<Pick<Webhook, 'id' | 'event_types'>[]> {
    const rows: { id: number; event_types: string }[] = await this.txHost.tx.query(
      `SELECT w."id", w."event_types" FROM "webhooks" w WHERE w."organisation_id" = ${this.dialect.placeholder(1)} AND w."enabled" = ${this.dialect.placeholder(2)}`,
      [orgId, persistedValue(this.txHost.tx, Webhook, 'enabled', true)],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      event_types: JSON.parse(row.event_types) as string[],
    }));
  }

  create(orgId: number, fields: WebhookFields, secret: string): Promise<Webhook> {
    return this.repository.save(
      this.repository.create({
        ...fields,
        organisation_id: orgId,
        secret,
        disabled_reason: null,
        previous_secret: null,
        previous_secret_until: null,
      }),
    );
  }

  save(webhook: Webhook): Promise<Webhook> {
    return this.repository.save(webhook);
  }

  async delete(orgId: number, id: number): Promise<void> {
    await this.repository.delete({ organisation_id: orgId, id });
  }

  /** Disables the webhook if it is enabled (a 410); false when it was not. */
  async disable(orgId: number, id: number, reason: string): Promise<boolean> {
    const result = await this.repository.update(
      { organisation_id: orgId, id, enabled: true },
      { enabled: false, disabled_reason: reason },
    );
    return (result.affected ?? 0) > 0;
  }
}
