import { every, formFields, ticked, trimmed } from '../../web/form';
import { WebhookFieldsDto } from '../dto/webhook.dto';
import { WebhookView } from '../webhook.view';

/** What the webhook form shows and posts (text as typed). */
export interface WebhookFormValues {
  url: string;
  event_types: string;
  description: string;
  enabled: boolean;
}

export const BLANK_WEBHOOK_FORM: WebhookFormValues = {
  url: '',
  event_types: '*',
  description: '',
  enabled: true,
};

/** The inputs of the form by the field the service's messages begin with. */
export const WEBHOOK_FORM_FIELDS: Readonly<Record<string, keyof WebhookFormValues>> = {
  'webhook.url': 'url',
  'webhook.event_types': 'event_types',
  'webhook.description': 'description',
};

/** The posted form as typed; a checkbox that is not sent is off. */
export function readWebhookForm(body: unknown): WebhookFormValues {
  const form = formFields(body);
  return {
    url: trimmed(form.url),
    event_types: trimmed(form.event_types),
    description: trimmed(form.description),
    enabled: ticked(form.enabled),
  };
}

/** The form of an existing webhook. */
export function webhookFormOf(webhook: WebhookView): WebhookFormValues {
  return {
    url: webhook.url,
    event_types: webhook.event_types.join(', '),
    description: webhook.description ?? '',
    enabled: webhook.enabled,
  };
}

/** The fields the API takes: the types as a comma list, an empty description as none. */
export function toWebhookFields(values: WebhookFormValues): WebhookFieldsDto {
  return {
    url: values.url,
    event_types: every(values.event_types.split(',')).filter((type) => type !== ''),
    description: values.description === '' ? null : values.description,
    enabled: values.enabled,
  };
}
