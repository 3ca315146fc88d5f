import { Module } from '@nestjs/common';
import { TagsModule } from '../tags/tags.module';
import { AccessPointsController } from './access-points.controller';
import { DeviceAssignmentService } from './device-assignment.service';
import { HeartbeatsRepository } from './heartbeats.repository';
import { InitTemplatesController } from './init-templates.controller';
import { InitTemplatesRepository } from './init-templates.repository';
import { InventoryService } from './inventory.service';
import { NetworksLookupRepository } from './networks-lookup.repository';
import { UplinkConfigurationService } from './uplink-configuration.service';
import { UplinksRepository } from './uplinks.repository';

/** Access points (SPEC 4.2), uplink templates and heartbeats; device tags come with TagsModule. */
@Module({
  imports: [TagsModule],
  controllers: [AccessPointsController, InitTemplatesController],
  providers: [
    InventoryService,
    DeviceAssignmentService,
    UplinkConfigurationService,
    InitTemplatesRepository,
    UplinksRepository,
    HeartbeatsRepository,
    NetworksLookupRepository,
  ],
})
export class AccessPointsModule {}
