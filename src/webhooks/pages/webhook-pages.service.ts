import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { formErrors, orFormAgain, showForm } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { pager } from '../../web/pager';
import { WebhookView } from '../webhook.view';
import { WebhooksService } from '../webhooks.service';
import {
  BLANK_WEBHOOK_FORM,
  readWebhookForm,
  toWebhookFields,
  WEBHOOK_FORM_FIELDS,
  WebhookFormValues,
  webhookFormOf,
} from './webhook-form';
import {
  WEBHOOK_FORM,
  WEBHOOK_LIST,
  WEBHOOK_PAGE,
  WebhookFormModel,
  WebhookListModel,
  WebhookModel,
} from './webhook-views';

const DELIVERIES_PER_PAGE = 50;
const SECTION = 'webhooks';

/**
 * The webhook pages of the console, for admins, on WebhooksService: the list, the
 * form (a refusal shows it again with the messages, 422), a webhook with its delivery log; the
 * secret is shown once, on the page that answers a create or a rotation.
 */
@Injectable()
export class WebhookPagesService {
  constructor(private readonly webhooks: WebhooksService) {}

  async list(user: AuthUser): Promise<Shown<WebhookListModel>> {
    const webhooks = await this.webhooks.list(user);
    return show(WEBHOOK_LIST, { title: 'Webhooks', section: SECTION, webhooks });
  }

  newForm(): Shown<WebhookFormModel> {
    return form(null, BLANK_WEBHOOK_FORM);
  }

  async editForm(user: AuthUser, id: number): Promise<Shown<WebhookFormModel>> {
    const webhook = await this.webhooks.show(user, id);
    return form(webhook, webhookFormOf(webhook));
  }

  create(user: AuthUser, body: unknown): Promise<PageOutcome<WebhookModel | WebhookFormModel>> {
    const values = readWebhookForm(body);
    return orFormAgain<WebhookModel | WebhookFormModel>(
      async () => {
        const webhook = await this.webhooks.create(user, toWebhookFields(values), 'console');
        return this.show(user, webhook.id, 1, webhook.secret);
      },
      (messages) => form(null, values, messages),
    );
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome<WebhookFormModel>> {
    const webhook = await this.webhooks.show(user, id);
    const values = readWebhookForm(body);
    return orFormAgain(
      async () => {
        await this.webhooks.update(user, id, toWebhookFields(values), 'console');
        return redirectTo(`/webhooks/${id}`, 'Webhook saved.');
      },
      (messages) => form(webhook, values, messages),
    );
  }

  async show(
    user: AuthUser,
    id: number,
    pageNumber: number,
    secret?: string,
  ): Promise<Shown<WebhookModel>> {
    const webhook = await this.webhooks.show(user, id);
    const { deliveries, meta } = await this.webhooks.deliveriesOf(user, id, {
      page: pageNumber,
      per_page: DELIVERIES_PER_PAGE,
    });
    return show(WEBHOOK_PAGE, {
      title: `Webhook ${webhook.id}`,
      section: SECTION,
      webhook,
      secret,
      deliveries,
      pager: pager(meta, (n) => `/webhooks/${id}?page=${n}`),
    });
  }

  async rotate(user: AuthUser, id: number): Promise<Shown<WebhookModel>> {
    const rotated = await this.webhooks.rotateSecret(user, id, 'console');
    return this.show(user, id, 1, rotated.secret);
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.webhooks.destroy(user, id, 'console');
    return redirectTo('/webhooks', `Webhook ${id} deleted.`);
  }

  async test(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.webhooks.test(user, id, 'console');
    const message = 'A webhook.test is on its way: its delivery shows below within a second.';
    return redirectTo(`/webhooks/${id}`, message);
  }

  async redeliver(user: AuthUser, id: number, deliveryId: number): Promise<PageOutcome> {
    await this.webhooks.redeliver(user, id, deliveryId);
    return redirectTo(`/webhooks/${id}`, `Delivery ${deliveryId} is attempted again now.`);
  }
}

/** The form of a new webhook (null) or an existing one, again with its refusal (422). */
function form(
  webhook: WebhookView | null,
  values: WebhookFormValues,
  messages: string[] = [],
): Shown<WebhookFormModel> {
  const home = webhook ? `/webhooks/${webhook.id}` : '/webhooks';
  return showForm(WEBHOOK_FORM, {
    title: webhook ? `Edit webhook ${webhook.id}` : 'New webhook',
    section: SECTION,
    webhook,
    values,
    errors: formErrors(messages, WEBHOOK_FORM_FIELDS),
    action: home,
    cancel: home,
  });
}
