import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { DevicesModule } from '../devices/devices.module';
import { NetworksModule } from '../networks/networks.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { AccessPointsController } from './access-points.controller';
import { FleetConfigSync } from './config-sync';
import { DeviceAssignmentService } from './device-assignment.service';
import { DeviceRecordRows } from './device-record-rows.repository';
import { DeviceRecords } from './device-records.service';
import { DeviceStatusesRepository } from './device-statuses.repository';
import { FleetStatusService } from './fleet-status.service';
import { HeartbeatWriter } from './heartbeat-writer.service';
import { HeartbeatsRepository } from './heartbeats.repository';
import { InitTemplatesController } from './init-templates.controller';
import { InitTemplatesRepository } from './init-templates.repository';
import { InventoryService } from './inventory.service';
import { UplinkConfigurationService } from './uplink-configuration.service';
import { UplinksRepository } from './uplinks.repository';

/**
 * Access points (SPEC 4.2), uplink templates, heartbeats and the fleet status (DEVICES 7).
 * Exports DeviceRecords, the device record (device with its pending upgrade) that location
 * networks and tags show, FleetStatusService, whose up/down counts the overview shows, and the
 * heartbeats repository the device gateway records check-ins with.
 */
@Module({
  imports: [CatalogueModule, DeviceConfigModule, DevicesModule, NetworksModule, UpgradesModule],
  controllers: [AccessPointsController, InitTemplatesController],
  providers: [
    InventoryService,
    DeviceAssignmentService,
    DeviceRecords,
    DeviceRecordRows,
    UplinkConfigurationService,
    InitTemplatesRepository,
    UplinksRepository,
    HeartbeatsRepository,
    HeartbeatWriter,
    DeviceStatusesRepository,
    FleetStatusService,
    FleetConfigSync,
  ],
  exports: [DeviceRecords, InitTemplatesRepository, FleetStatusService, HeartbeatWriter],
})
export class AccessPointsModule {}
