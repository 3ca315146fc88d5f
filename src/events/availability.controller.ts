import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { AvailabilityService } from './availability.service';
import { AvailabilityQueryDto } from './dto/availability.query';
import { AvailabilityResponse } from './dto/events.response';

/** A device's availability. */
@ApiTags('access points')
@ApiBearerAuth()
@Controller('v1/access_points')
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Get('availability')
  @ApiOperation({
    operationId: 'device_availability',
    summary: "A device's UP, DOWN and UNKNOWN intervals and its uptime",
    description:
      'From its device.up and device.down events, over [since, until] (default the last 24 ' +
      'hours, at most 90 days): UNKNOWN before its first heartbeat or its oldest kept event. ' +
      'Members: devices of networks they may read.',
  })
  @ApiOkResponse({ type: AvailabilityResponse })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter, ApiErrorCode.DeviceNotFound)
  async show(@CurrentUser() user: AuthUser, @Query() query: AvailabilityQueryDto) {
    return ok(await this.availability.of(user, query));
  }
}
