import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ok } from '../common/http/envelope';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { CreateInitTemplateDto } from './dto/init-template.dto';
import { UplinkConfigurationService } from './uplink-configuration.service';
import { InitTemplateEnvelope, InitTemplatesEnvelope } from './dto/init-templates.response';

/** Uplink (init) templates of the organisation (role admin). */
@ApiTags('init templates')
@ApiBearerAuth()
@RequireRole('admin')
@ApiErrorResponses(ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter)
@Controller('v1/init_templates')
export class InitTemplatesController {
  constructor(private readonly configuration: UplinkConfigurationService) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: InitTemplateEnvelope })
  @ApiOperation({
    operationId: 'create_init_template',
    summary: 'Create an uplink template',
    description: "uplink_type of each detail is '1' to '4'; the name is unique per organisation.",
  })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateInitTemplateDto) {
    return ok(await this.configuration.createTemplate(user, body));
  }

  @Get()
  @ApiOperation({
    operationId: 'list_init_templates',
    description: 'Role admin.',
    summary: 'List the uplink templates',
  })
  @ApiOkResponse({ type: InitTemplatesEnvelope })
  async list(@CurrentUser() user: AuthUser) {
    return ok({ init_templates: await this.configuration.listTemplates(user) });
  }
}
