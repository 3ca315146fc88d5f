import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ok } from '../common/http/envelope';
import { OverviewResponse } from './dto/overview.response';
import { OverviewService } from './overview.service';

/** The fleet overview. */
@ApiTags('overview')
@ApiBearerAuth()
@Controller('v1/overview')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get()
  @ApiOperation({
    operationId: 'overview',
    summary: 'Counts of networks, devices, upgrades and running rollouts',
    description:
      'For the organisation; members get the counts of the networks they may read, of the ' +
      "devices in them and of those devices' upgrades, and rollouts.running 0. Devices are UP " +
      'by the rule of current_status.',
  })
  @ApiOkResponse({ type: OverviewResponse })
  async show(@CurrentUser() user: AuthUser) {
    return ok(await this.overview.overview(user));
  }
}
