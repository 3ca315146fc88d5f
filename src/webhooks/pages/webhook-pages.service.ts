import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { formRefusal } from '../../web/form-refusal';
import { PageOutcome } from '../../web/page-renderer';
import { pager } from '../../web/pager';
import { WebhookView } from '../webhook.view';
import { WebhooksService } from '../webhooks.service';
import {
  BLANK_WEBHOOK_FORM,
  readWebhookForm,
  toWebhookFields,
  WebhookFormValues,
  webhookFormOf,
} from './webhook-form';

const LIST = 'webhooks/pages/views/list';
const FORM = 'webhooks/pages/views/form';
const SHOW = 'webhooks/pages/views/show';
const DELIVERIES_PER_PAGE = 50;

/**
 * The webhook pages of the console (OPERATIONS 5, issue 27), for admins, on WebhooksService:
 * the list, the form (a refusal shows it again with the message, 422), a webhook with its
 * delivery log; the secret is shown once, on the page that answers a create or a rotation.
 */
@Injectable()
export class WebhookPagesService {
  constructor(private readonly webhooks: WebhooksService) {}

  async list(user: AuthUser): Promise<PageOutcome> {
    const webhooks = await this.webhooks.list(user);
    return page(LIST, { title: 'Webhooks', section: 'webhooks', webhooks });
  }

  newForm(): PageOutcome {
    return this.form(null, BLANK_WEBHOOK_FORM, null);
  }

  async editForm(user: AuthUser, id: number): Promise<PageOutcome> {
    const webhook = await this.webhooks.show(user, id);
    return this.form(webhook, webhookFormOf(webhook), null);
  }

  async create(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readWebhookForm(body);
    try {
      const webhook = await this.webhooks.create(user, toWebhookFields(values), 'console');
      return this.show(user, webhook.id, 1, webhook.secret);
    } catch (error) {
      return this.refused(error, null, values);
    }
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome> {
    const webhook = await this.webhooks.show(user, id);
    const values = readWebhookForm(body);
    try {
      await this.webhooks.update(user, id, toWebhookFields(values), 'console');
    } catch (error) {
      return this.refused(error, webhook, values);
    }
    return { kind: 'redirect', location: `/webhooks/${id}`, message: 'Webhook saved.' };
  }

  async show(
    user: AuthUser,
    id: number,
    pageNumber: number,
    secret?: string,
  ): Promise<PageOutcome> {
    const webhook = await this.webhooks.show(user, id);
    const { deliveries, meta } = await this.webhooks.deliveriesOf(user, id, {
      page: pageNumber,
      per_page: DELIVERIES_PER_PAGE,
    });
    return page(SHOW, {
      title: `Webhook ${webhook.id}`,
      section: 'webhooks',
      webhook,
      secret,
      deliveries,
      pager: pager(meta, (n) => `/webhooks/${id}?page=${n}`),
    });
  }

  async rotate(user: AuthUser, id: number): Promise<PageOutcome> {
    const rotated = await this.webhooks.rotateSecret(user, id, 'console');
    return this.show(user, id, 1, rotated.secret);
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.webhooks.destroy(user, id, 'console');
    return { kind: 'redirect', location: '/webhooks', message: `Webhook ${id} deleted.` };
  }

  async test(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.webhooks.test(user, id, 'console');
    const message = 'A webhook.test is on its way: its delivery shows below within a second.';
    return { kind: 'redirect', location: `/webhooks/${id}`, message };
  }

  async redeliver(user: AuthUser, id: number, deliveryId: number): Promise<PageOutcome> {
    await this.webhooks.redeliver(user, id, deliveryId);
    const message = `Delivery ${deliveryId} is attempted again now.`;
    return { kind: 'redirect', location: `/webhooks/${id}`, message };
  }

  private refused(
    error: unknown,
    webhook: WebhookView | null,
    values: WebhookFormValues,
  ): PageOutcome {
    const message = formRefusal(error);
    if (message === null) {
      throw error;
    }
    return this.form(webhook, values, message);
  }

  private form(
    webhook: WebhookView | null,
    values: WebhookFormValues,
    error: string | null,
  ): PageOutcome {
    return page(
      FORM,
      {
        title: webhook ? `Edit webhook ${webhook.id}` : 'New webhook',
        section: 'webhooks',
        webhook,
        values,
        error,
        action: webhook ? `/webhooks/${webhook.id}` : '/webhooks',
      },
      error ? 422 : 200,
    );
  }
}

function page(template: string, context: Record<string, unknown>, status = 200): PageOutcome {
  return { kind: 'page', template, context, status };
}
