import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { pageRequest, paginationMeta, PaginationMeta } from '../common/pagination/pagination';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { checkedAddress, RefusedAddressError } from './address-guard';
import { resolverFor } from './host-resolver';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliveriesQueryDto, WebhookFieldsDto } from './dto/webhook.dto';
import { WebhookEvents } from './webhook-events';
import {
  MAX_WEBHOOKS,
  newWebhookSecret,
  PREVIOUS_SECRET_MS,
  storedUrl,
  webhookProblems,
} from './webhook-rules';
import { DeliveryView, deliveryView, WebhookView, webhookView } from './webhook.view';
import { Webhook } from './webhook.entity';
import {
  deliveryNotFound,
  refusedUrl,
  webhookLimitReached,
  webhookNotFound,
} from './webhooks.errors';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WebhooksRepository } from './webhooks.repository';

/** 422 1030 naming every bad value of the fields, before anything is looked up. */
function assertWebhookFields(fields: WebhookFieldsDto, creating: boolean): void {
  const problems = webhookProblems(fields, creating).map((problem) => `webhook.${problem}`);
  if (problems.length > 0) {
    throw new ValidationFailedError(problems);
  }
}

/**
 * The webhook routes' rules, role admin (the routes say so). Each write runs in
 * one transaction with its `webhook.*` event; a URL's host is resolved and checked before it.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveryQueue: WebhookDeliveries,
    private readonly deliveries: DeliveriesRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly events: WebhookEvents,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: ConfigService,
  ) {}

  async list(user: AuthUser): Promise<WebhookView[]> {
    return (await this.webhooks.list(user.organisation_id)).map((w) => webhookView(w));
  }

  async show(user: AuthUser, id: number): Promise<WebhookView> {
    return webhookView(await this.found(user.organisation_id, id));
  }

  async create(
    user: AuthUser,
    fields: WebhookFieldsDto,
    via: RequestChannel = 'api',
  ): Promise<WebhookView> {
    assertWebhookFields(fields, true);
    const url = storedUrl(fields.url!);
    await this.assertReachable(url);
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      await this.organisations.lockForUpdate(orgId); // the count below holds until the commit
      if ((await this.webhooks.count(orgId)) >= MAX_WEBHOOKS) {
        throw webhookLimitReached(MAX_WEBHOOKS);
      }
      const webhook = await this.webhooks.create(
        orgId,
        {
          url,
          event_types: fields.event_types!,
          description: fields.description ?? null,
          enabled: fields.enabled ?? true,
        },
        newWebhookSecret(),
      );
      await this.events.created(webhook, userActor(user, via));
      return webhookView(webhook, true);
    });
  }

  async update(
    user: AuthUser,
    id: number,
    fields: WebhookFieldsDto,
    via: RequestChannel = 'api',
  ): Promise<WebhookView> {
    assertWebhookFields(fields, false);
    const url = fields.url === undefined ? undefined : storedUrl(fields.url);
    if (url !== undefined) {
      await this.assertReachable(url);
    }
    return this.change(user, id, via, (webhook) => {
      Object.assign(webhook, {
        ...(url !== undefined && { url }),
        ...(fields.event_types !== undefined && { event_types: fields.event_types }),
        ...(fields.description !== undefined && { description: fields.description }),
      });
      if (fields.enabled !== undefined && fields.enabled !== webhook.enabled) {
        webhook.enabled = fields.enabled;
        webhook.disabled_reason = null;
      }
      return false;
    });
  }

  /** A new secret; the previous one signs too for 24 hours. */
  rotateSecret(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<WebhookView> {
    return this.change(user, id, via, (webhook) => {
      const now = new Date();
      webhook.previous_secret = webhook.secret;
      webhook.previous_secret_until = new Date(now.getTime() + PREVIOUS_SECRET_MS);
      webhook.secret = newWebhookSecret();
      return true;
    });
  }

  /** Deletes the webhook with its deliveries (the pending ones are dropped). */
  destroy(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<WebhookView> {
    return this.unitOfWork.run(async () => {
      const webhook = await this.locked(user.organisation_id, id);
      await this.webhooks.delete(user.organisation_id, id);
      await this.events.deleted(webhook, userActor(user, via));
      return webhookView(webhook);
    });
  }

  /** Queues a `webhook.test` for this webhook only, due now; answers it as queued. */
  test(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<DeliveryView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const webhook = await this.found(orgId, id);
      const at = new Date();
      const messageId = `msg_${randomBytes(12).toString('hex')}`;
      const data = {
        id: null,
        type: 'webhook.test',
        occurred_at: at.toISOString(),
        network: null,
        device: null,
        actor: userActor(user, via),
        data: { webhook_id: webhook.id },
      };
      const payload = { type: 'webhook.test', timestamp: at.toISOString(), data };
      await this.deliveries.enqueue(
        orgId,
        [
          {
            webhook_id: webhook.id,
            event_id: null,
            event_type: 'webhook.test',
            message_id: messageId,
            test_payload: payload,
          },
        ],
        at,
      );
      return deliveryView(await this.deliveries.findByMessage(orgId, webhook.id, messageId));
    });
  }

  async deliveriesOf(
    user: AuthUser,
    id: number,
    query: DeliveriesQueryDto,
  ): Promise<{ deliveries: DeliveryView[]; meta: PaginationMeta }> {
    await this.found(user.organisation_id, id);
    const page = pageRequest(query);
    const [rows, count] = await this.deliveries.page(user.organisation_id, id, query.state, page);
    return { deliveries: rows.map(deliveryView), meta: paginationMeta(page, count) };
  }

  /** Makes the delivery due now, its retry schedule restarted. */
  redeliver(user: AuthUser, id: number, deliveryId: number): Promise<DeliveryView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      await this.locked(orgId, id);
      const delivery = await this.deliveries.find(orgId, id, deliveryId);
      if (!delivery) {
        throw deliveryNotFound();
      }
      return deliveryView(await this.deliveries.redeliver(delivery, new Date()));
    });
  }

  /** Applies `edit` to the locked webhook, saves it and records `webhook.updated`. */
  private change(
    user: AuthUser,
    id: number,
    via: RequestChannel,
    edit: (webhook: Webhook) => boolean,
  ): Promise<WebhookView> {
    return this.unitOfWork.run(async () => {
      const webhook = await this.locked(user.organisation_id, id);
      const before = { ...webhook };
      const withSecret = edit(webhook);
      const saved = await this.webhooks.save(webhook);
      await this.deliveryQueue.voidLease(id);
      await this.events.updated(user.organisation_id, before, saved, userActor(user, via));
      return webhookView(saved, withSecret);
    });
  }

  private async found(orgId: number, id: number): Promise<Webhook> {
    const webhook = await this.webhooks.find(orgId, id);
    if (!webhook) {
      throw webhookNotFound();
    }
    return webhook;
  }

  private async locked(orgId: number, id: number): Promise<Webhook> {
    const webhook = await this.webhooks.lock(orgId, id);
    if (!webhook) {
      throw webhookNotFound();
    }
    return webhook;
  }

  /**
   * 422 1047 when the host is or resolves to a refused address. A host that does not resolve,
   * or not within the attempt timeout (WEBHOOK_TIMEOUT_SECONDS), passes: each attempt resolves
   * and checks it again.
   */
  private async assertReachable(url: string): Promise<void> {
    const { allowPrivateNetworks, dnsServers, timeoutSeconds } =
      this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).webhooks;
    const timeoutMs = timeoutSeconds * 1000;
    const resolver = resolverFor(dnsServers, timeoutMs);
    try {
      await checkedAddress(new URL(url), allowPrivateNetworks, (host) =>
        resolver.resolve(host, timeoutMs),
      );
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        throw refusedUrl(error);
      }
    }
  }
}
