import { Global, Module } from '@nestjs/common';
import { DeviceActivationService } from './device-activation.service';
import { DevicesRepository } from './devices.repository';

/**
 * The device pieces shared by location networks and access points: the repository, the record
 * view (device.view.ts) and the activation rule.
 */
@Global()
@Module({
  providers: [DevicesRepository, DeviceActivationService],
  exports: [DevicesRepository, DeviceActivationService],
})
export class DevicesModule {}
