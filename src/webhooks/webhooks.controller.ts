import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import {
  DeliveriesQueryDto,
  DeliveryParamsDto,
  WebhookBodyDto,
  WebhookIdParamDto,
} from './dto/webhook.dto';
import {
  DeliveriesEnvelope,
  DeliveryEnvelope,
  WebhookEnvelope,
  WebhooksEnvelope,
} from './dto/webhook.response';
import { WebhooksService } from './webhooks.service';

const WRITE_ERRORS = [
  ApiErrorCode.Forbidden,
  ApiErrorCode.InvalidParameter,
  ApiErrorCode.RefusedAddress,
] as const;

/** What a route on one webhook answers besides its success. */
const ONE_WEBHOOK_ERRORS = [
  ApiErrorCode.WebhookNotFound,
  ApiErrorCode.Forbidden,
  ApiErrorCode.InvalidParameter,
] as const;

/** Webhooks: role admin; another organisation's answers 404 1042. */
@ApiTags('webhooks')
@ApiBearerAuth()
@RequireRole('admin')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_webhook',
    summary: 'Register a webhook (its signing secret is answered once)',
    description:
      'Role admin. At most 20 per organisation (422 1046). The URL is stored as its WHATWG ' +
      'serialisation, percent-encoded where a URI needs it. Webhooks reach global unicast ' +
      'addresses only (loopback, private and link-local ones too with ' +
      '`WEBHOOK_ALLOW_PRIVATE_NETWORKS=true`): a host that is, or resolves to, any other ' +
      'address, and a `localhost` name, answers 422 1047, which names the kind of address only ' +
      'when the URL is an address or a `localhost` name. A host that does not resolve within ' +
      '`WEBHOOK_TIMEOUT_SECONDS` is accepted: each attempt resolves and checks it again.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiErrorResponses(...WRITE_ERRORS, ApiErrorCode.LimitReached)
  async create(@CurrentUser() user: AuthUser, @Body() body: WebhookBodyDto) {
    return ok({ webhook: await this.webhooks.create(user, body.webhook) });
  }

  @Get()
  @ApiOperation({
    operationId: 'list_webhooks',
    summary: "List the organisation's webhooks",
    description: 'Role admin. Oldest first; never a secret.',
  })
  @ApiOkResponse({ type: WebhooksEnvelope })
  @ApiErrorResponses(ApiErrorCode.Forbidden)
  async list(@CurrentUser() user: AuthUser) {
    return ok({ webhooks: await this.webhooks.list(user) });
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_webhook',
    summary: 'Show a webhook (never its secret)',
    description: 'Role admin.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async show(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParamDto) {
    return ok({ webhook: await this.webhooks.show(user, params.id) });
  }

  @Patch(':id')
  @ApiOperation({
    operationId: 'update_webhook',
    summary: 'Change a webhook; enabling it again clears disabled_reason',
    description:
      'Role admin. Any of the create fields; a new URL is checked as at create (422 1047). A ' +
      'disabled webhook gets no deliveries for events of the time it is disabled; deliveries ' +
      'queued before wait until it is enabled again.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiErrorResponses(ApiErrorCode.WebhookNotFound, ...WRITE_ERRORS)
  async update(
    @CurrentUser() user: AuthUser,
    @Param() params: WebhookIdParamDto,
    @Body() body: WebhookBodyDto,
  ) {
    return ok({ webhook: await this.webhooks.update(user, params.id, body.webhook) });
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'delete_webhook',
    summary: 'Delete a webhook; its pending deliveries are dropped',
    description: 'Role admin. Answers the deleted webhook; its delivery log goes with it.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async destroy(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParamDto) {
    return ok({ webhook: await this.webhooks.destroy(user, params.id) });
  }

  @Post(':id/rotate_secret')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotate_webhook_secret',
    summary: 'Give the webhook a new secret (answered once); the old one signs too for 24 hours',
    description:
      'Role admin. For 24 hours `webhook-signature` carries both signatures, the new one first.',
  })
  @ApiOkResponse({ type: WebhookEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async rotate(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParamDto) {
    return ok({ webhook: await this.webhooks.rotateSecret(user, params.id) });
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'test_webhook',
    summary: 'Send a webhook.test to this webhook only',
    description:
      'Role admin. Answers the delivery as queued (`pending`); its attempt follows within a ' +
      'second and shows in the delivery log. A disabled webhook gets it once enabled again.',
  })
  @ApiOkResponse({ type: DeliveryEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async test(@CurrentUser() user: AuthUser, @Param() params: WebhookIdParamDto) {
    return ok({ delivery: await this.webhooks.test(user, params.id) });
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'list_webhook_deliveries',
    summary: "The webhook's delivery log, newest first",
    description:
      'Role admin. Paginated by `page` and `per_page` (docs/api.md#answers); `state` filters (pending, succeeded, failed).',
  })
  @ApiOkResponse({ type: DeliveriesEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async deliveries(
    @CurrentUser() user: AuthUser,
    @Param() params: WebhookIdParamDto,
    @Query() query: DeliveriesQueryDto,
  ) {
    return ok(await this.webhooks.deliveriesOf(user, params.id, query));
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'redeliver_webhook_delivery',
    summary: 'Attempt a delivery again now, its retry schedule restarted',
    description:
      'Role admin. Any delivery of the webhook, whatever its state; answers it as queued. ' +
      'Its attempts count on.',
  })
  @ApiOkResponse({ type: DeliveryEnvelope })
  @ApiErrorResponses(...ONE_WEBHOOK_ERRORS)
  async redeliver(@CurrentUser() user: AuthUser, @Param() params: DeliveryParamsDto) {
    return ok({ delivery: await this.webhooks.redeliver(user, params.id, params.delivery_id) });
  }
}
