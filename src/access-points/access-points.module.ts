import { FirmwareModule } from '../firmware/firmware.module';
import { DeviceLabelsService } from './device-labels.service';
import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { DeviceStateModule } from '../device-state/device-state.module';
import { DevicesModule } from '../devices/devices.module';
import { NetworksModule } from '../networks/networks.module';
import { ReadSideModule } from '../read-side/read-side.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { AccessPointsController } from './access-points.controller';
import { DeviceAssignmentService } from './device-assignment.service';
import { DeviceRecordsService } from './device-records.service';
import { FleetStatusService } from './fleet-status.service';
import { InitTemplatesController } from './init-templates.controller';
import { InitTemplatesRepository } from './init-templates.repository';
import { InventoryService } from './inventory.service';
import { UplinkConfigurationService } from './uplink-configuration.service';

/**
 * Access points, uplink templates, the admin heartbeat and the fleet status, over device-state's
 * heartbeats and uplinks. Exports DeviceRecordsService, the device record (device with its pending
 * upgrade) that location networks and tags show, and FleetStatusService, whose up/down counts the
 * overview shows.
 */
@Module({
  imports: [
    CatalogueModule,
    DeviceConfigModule,
    DeviceStateModule,
    DevicesModule,
    FirmwareModule,
    NetworksModule,
    ReadSideModule,
    FleetChangeModule,
  ],
  controllers: [AccessPointsController, InitTemplatesController],
  providers: [
    InventoryService,
    DeviceAssignmentService,
    DeviceRecordsService,
    UplinkConfigurationService,
    InitTemplatesRepository,
    FleetStatusService,
    DeviceLabelsService,
  ],
  exports: [
    DeviceLabelsService,
    DeviceRecordsService,
    InitTemplatesRepository,
    FleetStatusService,
    DeviceAssignmentService,
    InventoryService,
    UplinkConfigurationService,
  ],
})
export class AccessPointsModule {}
