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

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The posted form as typed; a checkbox that is not sent is off. */
export function readWebhookForm(body: unknown): WebhookFormValues {
  const form = (body ?? {}) as Record<string, unknown>;
  return {
    url: text(form.url),
    event_types: text(form.event_types),
    description: text(form.description),
    enabled: form.enabled === 'true',
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
    event_types: values.event_types
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== ''),
    description: values.description === '' ? null : values.description,
    enabled: values.enabled,
  };
}
