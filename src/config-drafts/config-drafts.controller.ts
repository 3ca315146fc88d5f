import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { NetworkIdParamDto } from '../network-routes/dto/location-network.dto';
import { ConfigDraftsService } from './config-drafts.service';
import { DraftPublishingService } from './draft-publishing.service';
import { PublishDraftDto, WriteDraftDto } from './dto/config-draft.dto';
import {
  DraftDeletedEnvelope,
  DraftDiffEnvelope,
  DraftEnvelope,
  PublishedEnvelope,
} from './dto/config-draft.response';
import { publishSettings } from './publish-settings';

const READ = 'Either grant (read_only or full); admins read every network.';
const WRITE = 'Needs full access to the network (admins have it); read_only: 403 1029.';

/** A network's draft: its SSIDs prepared before they reach the devices, and their publishing. */
@ApiTags('configuration drafts')
@ApiBearerAuth()
@Controller('v1/location_networks/:id/draft')
export class ConfigDraftsController {
  constructor(
    private readonly drafts: ConfigDraftsService,
    private readonly publishing: DraftPublishingService,
  ) {}

  @Put()
  @ApiOperation({
    operationId: 'write_draft',
    summary: "Write the network's draft (replaces it as a whole)",
    description:
      `${WRITE} Each entry is validated as an SSID create; problems answer 422 1030 naming each ` +
      "entry by its 0-based index, and nothing is stored. The draft records the network's " +
      '`config_version` now as its `base_version`.',
  })
  @ApiOkResponse({ type: DraftEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async write(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: WriteDraftDto,
  ) {
    return ok({ draft: await this.drafts.write(user, params.id, body.draft.ssids) });
  }

  @Get()
  @ApiOperation({
    operationId: 'show_draft',
    summary: "The network's draft",
    description: `${READ} WPA keys only for callers with full access.`,
  })
  @ApiOkResponse({ type: DraftEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.DraftNotFound,
    ApiErrorCode.InvalidParameter,
  )
  async show(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ draft: await this.drafts.show(user, params.id) });
  }

  @Get('diff')
  @ApiOperation({
    operationId: 'diff_draft',
    summary: "What publishing the draft would change in the network's SSIDs now",
    description: `${READ} WPA keys are masked (\`********\`) for every caller.`,
  })
  @ApiOkResponse({ type: DraftDiffEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.DraftNotFound,
    ApiErrorCode.InvalidParameter,
  )
  async diff(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok({ diff: await this.drafts.diff(user, params.id) });
  }

  @Delete()
  @ApiOperation({
    operationId: 'delete_draft',
    summary: "Drop the network's draft",
    description: WRITE,
  })
  @ApiOkResponse({ type: DraftDeletedEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.DraftNotFound,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async remove(@CurrentUser() user: AuthUser, @Param() params: NetworkIdParamDto) {
    return ok(await this.drafts.remove(user, params.id));
  }

  @Post('publish')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'publish_draft',
    summary: 'Publish the draft',
    description:
      `${WRITE} With \`stages: [100]\` (the default) the network's SSIDs become the draft's in ` +
      'one change: each device of the network gets one new revision, `config.published` and ' +
      'the `ssid.*` events are recorded, and the draft is gone. Other stages make a ' +
      'configuration rollout (`config_rollout` in the answer; see the configuration rollouts): ' +
      "stage 1's devices are given the draft at once, the network's SSIDs change when it " +
      "completes, and the draft is gone too. 409 1050 when the network's `config_version` is no " +
      "longer the draft's `base_version` (read the diff, write the draft again); 409 1051, before " +
      'any other rule, while a configuration rollout runs on the network. Nothing changes then.',
  })
  @ApiOkResponse({ type: PublishedEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.DraftNotFound,
    ApiErrorCode.DraftOutdated,
    ApiErrorCode.ConfigRolloutRunning,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async publish(
    @CurrentUser() user: AuthUser,
    @Param() params: NetworkIdParamDto,
    @Body() body: PublishDraftDto,
  ) {
    return ok(await this.publishing.publish(user, params.id, publishSettings(body.publish)));
  }
}
