import { FormErrors } from '../../web/form';
import { PageModel, view } from '../../web/page-outcome';
import { Pager } from '../../web/pager';
import { DeliveryView, WebhookView } from '../webhook.view';
import { WebhookFormValues } from './webhook-form';

/** views/list.hbs: the organisation's webhooks. */
export interface WebhookListModel extends PageModel {
  webhooks: WebhookView[];
}

/** views/show.hbs: a webhook, its delivery log a page at a time, its secret once. */
export interface WebhookModel extends PageModel {
  webhook: WebhookView;
  /** Shown on the page that answers a create or a rotation, and never again. */
  secret?: string;
  deliveries: DeliveryView[];
  pager: Pager | null;
}

/** views/form.hbs: a new webhook's form or an existing one's. */
export interface WebhookFormModel extends PageModel {
  webhook: WebhookView | null;
  values: WebhookFormValues;
  errors: FormErrors;
  action: string;
  cancel: string;
}

export const WEBHOOK_LIST = view<WebhookListModel>('webhooks/pages/views/list');
export const WEBHOOK_PAGE = view<WebhookModel>('webhooks/pages/views/show');
export const WEBHOOK_FORM = view<WebhookFormModel>('webhooks/pages/views/form');
