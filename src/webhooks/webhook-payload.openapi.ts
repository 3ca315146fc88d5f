import { OpenAPIObject } from '@nestjs/swagger';
import { EVENT_TYPES } from '../event-log/event-types';

const HEADERS: [string, string][] = [
  ['webhook-id', '`evt_<event id>` (the same on every retry), or `msg_…` for a `webhook.test`'],
  ['webhook-timestamp', 'Unix seconds of this attempt'],
  [
    'webhook-signature',
    "`v1,` + base64 of HMAC-SHA256 with the secret's decoded bytes over `<webhook-id>.<webhook-timestamp>.<body>`; " +
      'for 24 hours after a rotation two signatures, space-separated, the new one first',
  ],
];

/**
 * The webhook request in the document, so that receivers can generate its type:
 * the `WebhookPayload` schema, and the request as Redoc's `x-webhooks` (OpenAPI 3.0 has no
 * `webhooks` section) with the Standard Webhooks headers.
 */
export function addWebhookPayload(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas ??= {};
  document.components.schemas.WebhookPayload = {
    type: 'object',
    description:
      'The body of every webhook request. Order is not guaranteed: order by `data.id` and drop ' +
      'duplicates by the `webhook-id` header.',
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { type: 'string', enum: [...EVENT_TYPES, 'webhook.test'] },
      timestamp: { type: 'string', format: 'date-time', description: "The event's occurred_at" },
      data: {
        description: 'The event record (`id` null for a `webhook.test`)',
        allOf: [{ $ref: '#/components/schemas/EventResponse' }],
      },
    },
  };
  (document as OpenAPIObject & { 'x-webhooks': object })['x-webhooks'] = {
    event: {
      post: {
        summary: 'An event of the organisation, sent to each webhook that subscribes to its type',
        description:
          'Signed as the Standard Webhooks specification says (verify with its libraries). ' +
          'Any 2xx answer within WEBHOOK_TIMEOUT_SECONDS succeeds; redirects are not followed; ' +
          'a 410 disables the webhook; other answers are retried on WEBHOOK_RETRY_SCHEDULE_SECONDS.',
        operationId: 'webhook_event',
        tags: ['webhooks'],
        security: [],
        parameters: HEADERS.map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } },
          },
        },
        responses: {
          '200': { description: 'Any 2xx: delivered' },
          '410': { description: 'Gone: the webhook is disabled' },
        },
      },
    },
  };
  return document;
}
