import { FirmwareModule } from '../firmware/firmware.module';
import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { NetworksModule } from '../networks/networks.module';
import { ReadSideModule } from '../read-side/read-side.module';
import { OverviewController } from './overview.controller';
import { OverviewService } from './overview.service';

/** `GET /v1/overview`: a routes module that asks the owners for their counts. */
@Module({
  imports: [AccessPointsModule, FirmwareModule, NetworksModule, ReadSideModule],
  controllers: [OverviewController],
  providers: [OverviewService],
  exports: [OverviewService],
})
export class OverviewModule {}
