import { Controller, Get, Headers, Res } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { CurrentDevice, DevicePrincipal, DeviceRoute } from '../common/identity/device-principal';
import { ApiErrorCode } from '../common/errors';
import { etagOf, ifNoneMatchNames } from '../common/http/etag';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { ConfigDeliveryService } from './config-delivery.service';
import { DeviceConfigResponse } from './dto/device-config.response';

const ETAG_HEADER = {
  ETag: {
    description: 'The revision in double quotes: `"<revision>"`',
    schema: { type: 'string' },
  },
};

@ApiTags('device')
@ApiBasicAuth('device')
@Controller('device/v1')
export class DeviceConfigController {
  constructor(private readonly delivery: ConfigDeliveryService) {}

  @Get('config')
  @DeviceRoute()
  @ApiOperation({
    operationId: 'device_config',
    summary: "The device's configuration",
    description:
      "The authenticated device, its network, that network's SSIDs (secrets included) and its " +
      'live uplinks, named by `revision`, which is also the ETag. With `If-None-Match` naming the ' +
      'current revision (`"<revision>"`, `W/"<revision>"`, `*`, or a comma-separated list holding ' +
      'one of them): 304 with the ETag and no body.',
  })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of the configuration the device has',
  })
  @ApiOkResponse({
    description: 'The current configuration',
    type: DeviceConfigResponse,
    headers: ETAG_HEADER,
  })
  @ApiResponse({
    status: 304,
    description: 'The device has the current configuration (no body)',
    headers: ETAG_HEADER,
  })
  @ApiErrorResponses(ApiErrorCode.DeviceUnauthenticated, ApiErrorCode.DeviceNotClaimed)
  async show(
    @CurrentDevice() device: DevicePrincipal,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeviceConfigResponse | undefined> {
    const { revision, document } = await this.delivery.current(device);
    void reply.header('ETag', etagOf(revision));
    if (ifNoneMatchNames(ifNoneMatch, revision)) {
      void reply.status(304);
      return undefined;
    }
    return { revision, ...document };
  }
}
