import { Module } from '@nestjs/common';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { AccessPointsModule } from '../access-points/access-points.module';
import { DevicesModule } from '../devices/devices.module';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';

/** The tag routes; the tags table belongs to DevicesModule. */
@Module({
  imports: [AccessPointsModule, DevicesModule, FleetChangeModule],
  controllers: [TagsController],
  providers: [TagsService],
  exports: [TagsService],
})
export class TagsModule {}
