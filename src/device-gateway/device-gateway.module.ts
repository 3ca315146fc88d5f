import { Module } from '@nestjs/common';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { ConfigDeliveryService } from './config-delivery.service';
import { DeviceConfigController } from './device-config.controller';

/**
 * The device half of the controller (DEVICES 2 to 5): routes under /device/v1 that access
 * points call with HTTP Basic and their factory secret.
 */
@Module({
  imports: [DeviceConfigModule],
  controllers: [DeviceConfigController],
  providers: [ConfigDeliveryService],
})
export class DeviceGatewayModule {}
