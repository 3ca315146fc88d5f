import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { CreateNetworkTemplateDto } from './dto/network-template.dto';
import { NetworkTemplatesService } from './network-templates.service';
import { NetworkTemplateEnvelope, NetworkTemplatesEnvelope } from './dto/location-network.response';

const TEMPLATE_EXAMPLE = {
  id: 1,
  organisation_id: 1,
  name: 'Retail',
  configuration: { ssid_configuration: [{ ssid_name: 'Guests' }] },
  created_at: '2025-01-01T00:00:00.000Z',
};

/** Network templates: role admin. */
@ApiTags('network templates')
@ApiBearerAuth()
@RequireRole('admin')
@ApiErrorResponses(ApiErrorCode.Forbidden)
@Controller('v1/network_templates')
export class NetworkTemplatesController {
  constructor(private readonly templates: NetworkTemplatesService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_network_template',
    description: 'Role admin. The name is unique within the organisation.',
    summary: 'Create a network template',
  })
  @ApiOkResponse({
    type: NetworkTemplateEnvelope,
    example: { data: TEMPLATE_EXAMPLE, status: 200 },
  })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter)
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateNetworkTemplateDto) {
    return ok(await this.templates.create(user.organisation_id, body.network_template));
  }

  @Get()
  @ApiOperation({
    operationId: 'list_network_templates',
    description: 'Role admin.',
    summary: "The organisation's network templates",
  })
  @ApiOkResponse({
    type: NetworkTemplatesEnvelope,
    example: { data: { network_templates: [TEMPLATE_EXAMPLE] }, status: 200 },
  })
  async list(@CurrentUser() user: AuthUser) {
    return ok({ network_templates: await this.templates.list(user.organisation_id) });
  }
}
