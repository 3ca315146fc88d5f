import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { AlertRuleBodyDto, AlertRuleIdParamDto } from './dto/alert-rule.dto';
import { AlertRuleEnvelope, AlertRulesEnvelope } from './dto/alert.response';
import { AlertRulesService } from './alert-rules.service';

const WRITE_ERRORS = [ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter] as const;

/** Alert rules: members read, admins write; another organisation's: 404 1043. */
@ApiTags('alerts')
@ApiBearerAuth()
@Controller('v1/alert_rules')
export class AlertRulesController {
  constructor(private readonly rules: AlertRulesService) {}

  @Post()
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'create_alert_rule',
    summary: 'Add an alert rule',
    description:
      'Role admin. At most 100 per organisation (422 1046). The rule looks at what happens from ' +
      'now on, but device_down, which opens for devices already DOWN for for_seconds.',
  })
  @ApiOkResponse({ type: AlertRuleEnvelope })
  @ApiErrorResponses(...WRITE_ERRORS, ApiErrorCode.LimitReached)
  async create(@CurrentUser() user: AuthUser, @Body() body: AlertRuleBodyDto) {
    return ok({ alert_rule: await this.rules.create(user, body.alert_rule) });
  }

  @Get()
  @ApiOperation({
    operationId: 'list_alert_rules',
    summary: "The organisation's alert rules, oldest first",
    description:
      'Admins read every rule of the organisation in full. Members read the rules of every ' +
      'network and those naming a network they may read, with network_ids narrowed to those ' +
      'networks and the addresses of others masked.',
  })
  @ApiOkResponse({ type: AlertRulesEnvelope })
  async list(@CurrentUser() user: AuthUser) {
    return ok({ alert_rules: await this.rules.list(user) });
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_alert_rule',
    summary: 'Show an alert rule',
    description:
      "Members and admins, as list_alert_rules shows it; another organisation's, or for a " +
      'member a rule all of whose networks are hidden from them, answers 404 1043.',
  })
  @ApiOkResponse({ type: AlertRuleEnvelope })
  @ApiErrorResponses(ApiErrorCode.AlertRuleNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: AlertRuleIdParamDto) {
    return ok({ alert_rule: await this.rules.show(user, params.id) });
  }

  @Patch(':id')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'update_alert_rule',
    summary: 'Change an alert rule',
    description:
      'Role admin. Any of the create fields. A disabled rule opens nothing; its open alerts stay ' +
      'until they resolve. Enabled again, it looks at what happens from then on.',
  })
  @ApiOkResponse({ type: AlertRuleEnvelope })
  @ApiErrorResponses(ApiErrorCode.AlertRuleNotFound, ...WRITE_ERRORS)
  async update(
    @CurrentUser() user: AuthUser,
    @Param() params: AlertRuleIdParamDto,
    @Body() body: AlertRuleBodyDto,
  ) {
    return ok({ alert_rule: await this.rules.update(user, params.id, body.alert_rule) });
  }

  @Delete(':id')
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'delete_alert_rule',
    summary: 'Delete an alert rule; its open alerts resolve',
    description: 'Role admin. Answers the deleted rule; its alerts stay in GET /v1/alerts.',
  })
  @ApiOkResponse({ type: AlertRuleEnvelope })
  @ApiErrorResponses(ApiErrorCode.AlertRuleNotFound, ...WRITE_ERRORS)
  async destroy(@CurrentUser() user: AuthUser, @Param() params: AlertRuleIdParamDto) {
    return ok({ alert_rule: await this.rules.destroy(user, params.id) });
  }
}
