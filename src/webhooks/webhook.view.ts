import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A webhook as the API answers it: never its secret but where `secret` is asked. */
export interface WebhookView {
  id: number;
  url: string;
  event_types: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
}

export function webhookView(webhook: Webhook, withSecret = false): WebhookView {
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: webhook.event_types,
    description: webhook.description,
    enabled: webhook.enabled,
    disabled_reason: webhook.disabled_reason,
    created_at: webhook.created_at.toISOString(),
    updated_at: webhook.updated_at.toISOString(),
    ...(withSecret ? { secret: webhook.secret } : {}),
  };
}

/** A delivery as the API answers it. */
export interface DeliveryView {
  id: number;
  event_id: number | null;
  event_type: string;
  state: WebhookDelivery['state'];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

export function deliveryView(delivery: WebhookDelivery): DeliveryView {
  return {
    id: delivery.id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status_code: delivery.last_status_code,
    last_error: delivery.last_error,
    last_attempt_at: iso(delivery.last_attempt_at),
    next_attempt_at: iso(delivery.next_attempt_at),
    created_at: delivery.created_at.toISOString(),
  };
}
