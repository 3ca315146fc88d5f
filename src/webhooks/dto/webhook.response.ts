import { ApiProperty } from '@nestjs/swagger';
import { PageData } from '../../common/pagination/pagination.response';
import {
  ArrayOf,
  Bool,
  Data,
  DateTime,
  Envelope,
  Int,
  Of,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';

export class WebhookResponse {
  @Int()
  id: number;

  @Str({
    format: 'uri',
    maxLength: 2048,
    description: 'As stored: the WHATWG serialisation, percent-encoded where a URI needs it.',
  })
  url: string;

  @StrArray({ description: 'Event types, family prefixes (`device.*`) or `*`.' })
  event_types: string[];

  @Str({ nullable: true, maxLength: 255 })
  description: string | null;

  @Bool()
  enabled: boolean;

  @Str({ nullable: true, description: '`410 Gone` when a 410 answer disabled it.' })
  disabled_reason: string | null;

  @DateTime()
  created_at: string;

  @DateTime()
  updated_at: string;

  @Str({
    required: false,
    pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
    description: 'Only in the answers of create and rotate_secret.',
  })
  secret?: string;
}

export class DeliveryResponse {
  @Int()
  id: number;

  @Int({ nullable: true, description: 'Null for a `webhook.test`.' })
  event_id: number | null;

  @Str()
  event_type: string;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  state: string;

  @Int({ minimum: 0 })
  attempts: number;

  @Int({ nullable: true })
  last_status_code: number | null;

  @Str({
    nullable: true,
    description:
      'What failed: `timeout`, `timeout (resolving the host)`, `host not found`, ' +
      '`refused address` (with its kind when the URL is an address), `connection refused`, ' +
      '`status 500` …',
  })
  last_error: string | null;

  @DateTime({ nullable: true })
  last_attempt_at: string | null;

  @DateTime({ nullable: true, description: 'Null once succeeded or failed.' })
  next_attempt_at: string | null;

  @DateTime()
  created_at: string;
}

const WebhookData = Data('WebhookData', { webhook: Of(() => WebhookResponse) });
const WebhooksData = Data('WebhooksData', { webhooks: ArrayOf(() => WebhookResponse) });
const DeliveryData = Data('DeliveryData', { delivery: Of(() => DeliveryResponse) });
const DeliveriesData = PageData('DeliveriesData', 'deliveries', () => DeliveryResponse);

export const WebhookEnvelope = Envelope('WebhookEnvelope', () => WebhookData);
export const WebhooksEnvelope = Envelope('WebhooksEnvelope', () => WebhooksData);
export const DeliveryEnvelope = Envelope('DeliveryEnvelope', () => DeliveryData);
export const DeliveriesEnvelope = Envelope('DeliveriesEnvelope', () => DeliveriesData);
