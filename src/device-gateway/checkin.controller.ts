import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { CurrentDevice, DevicePrincipal, DeviceRoute } from '../common/identity/device-principal';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { CheckinService } from './checkin.service';
import { CheckinDto } from './dto/checkin.dto';
import { CheckinResponse } from './dto/checkin.response';

@ApiTags('device')
@ApiBasicAuth('device')
@Controller('device/v1')
export class CheckinController {
  constructor(private readonly checkins: CheckinService) {}

  @Post('checkin')
  @HttpCode(200)
  @DeviceRoute()
  @ApiOperation({
    operationId: 'device_checkin',
    summary: 'A device checks in',
    description:
      'HTTP Basic: user name = the MAC (12 hex digits or `AA-BB-CC-DD-EE-FF`), password = the ' +
      'factory secret. A heartbeat (current_status answers UP), configuration bookkeeping ' +
      '(`config_revision`, `config_error`) and upgrade reports; the answer says when to check in ' +
      'again, whether to fetch the configuration and which upgrade to perform. Rate-limited per ' +
      'device. A body that breaks the types: 422 1030, nothing recorded. The body is optional: ' +
      'without one (and without a Content-Type) the check-in is a bare heartbeat, as with `{}`.',
  })
  // Every field is optional, so is the body itself (`curl -u … -X POST …/device/v1/checkin`).
  @ApiBody({ type: CheckinDto, required: false })
  @ApiOkResponse({
    type: CheckinResponse,
    example: { status: 200, checkin_interval: 60, config: null, upgrade: null, commands: [] },
  })
  @ApiErrorResponses(
    ApiErrorCode.DeviceUnauthenticated,
    ApiErrorCode.DeviceNotClaimed,
    ApiErrorCode.InvalidParameter,
  )
  async checkIn(
    @CurrentDevice() device: DevicePrincipal,
    @Body() body: CheckinDto,
    @Req() request: FastifyRequest,
  ) {
    return { status: 200, ...(await this.checkins.checkIn(device, body, request.ip)) };
  }
}
