import { Module } from '@nestjs/common';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { DeviceConfigService } from './device-config.service';

/**
 * Device configuration: what a device receives and the revision that names it. A
 * feature below access-points: it reads networks and SSIDs (the devices' places in configuration
 * rollouts come with the devices its callers read), and owns no table.
 */
@Module({
  imports: [NetworksModule, NetworkSsidsModule],
  providers: [DeviceConfigService],
  exports: [DeviceConfigService],
})
export class DeviceConfigModule {}
