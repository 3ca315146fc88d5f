import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { FirmwareModule } from '../firmware/firmware.module';
import { UsersModule } from '../users/users.module';
import { DemoService } from './demo.service';
import { DevicesModule } from '../devices/devices.module';

@Module({
  imports: [
    AccessPointsModule,
    CatalogueModule,
    DevicesModule,
    NetworksModule,
    OrganisationsModule,
    FirmwareModule,
    FleetChangeModule,
    UsersModule,
  ],
  providers: [DemoService],
  exports: [DemoService],
})
export class DemoModule {}
