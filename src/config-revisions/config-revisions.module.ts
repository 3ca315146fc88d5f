import { Module } from '@nestjs/common';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { DevicesModule } from '../devices/devices.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { ReadSideModule } from '../read-side/read-side.module';
import { ConfigRevisionsService } from './config-revisions.service';

/**
 * The stored configuration revisions: registers their part of every change (config-changes/)
 * and checks them (`verify:revisions`). Imported by nothing but the application: the features
 * that change configurations reach it through their change.
 */
@Module({
  imports: [DeviceConfigModule, DevicesModule, FleetChangeModule, ReadSideModule],
  providers: [ConfigRevisionsService],
  exports: [ConfigRevisionsService],
})
export class ConfigRevisionsModule {}
