import { Module } from '@nestjs/common';

/**
 * The device half of the controller (DEVICES 2 to 5): routes under /device/v1 that access
 * points call with HTTP Basic and their factory secret.
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
})
export class DeviceGatewayModule {}
