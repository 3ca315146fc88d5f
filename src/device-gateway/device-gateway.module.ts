import { Module } from '@nestjs/common';
import { ConfigDeliveryService } from './config-delivery.service';
import { DeviceConfigController } from './device-config.controller';
import { AccessPointsModule } from '../access-points/access-points.module';
import { DeviceConfigModule } from '../device-config/device-config.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { CheckinController } from './checkin.controller';
import { CheckinService } from './checkin.service';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { DevicesRepository } from '../devices/devices.repository';
import { DevicesModule } from '../devices/devices.module';
import { DeviceCredentialsService } from './device-credentials.service';
import { DeviceCredentialsStrategy } from './device-credentials.strategy';

/**
 * The device half of the controller (DEVICES 2 to 5): routes under /device/v1 that access
 * points call with HTTP Basic and their factory secret. Registers the `device` passport strategy.
 */
@Module({
  imports: [AccessPointsModule, CatalogueModule, DeviceConfigModule, DevicesModule, UpgradesModule],
  controllers: [CheckinController, DeviceConfigController],
  providers: [
    {
      provide: DeviceCredentialsService,
      useFactory: (catalogue: CatalogueRepository, devices: DevicesRepository) =>
        new DeviceCredentialsService(catalogue, devices),
      inject: [CatalogueRepository, DevicesRepository],
    },
    DeviceCredentialsStrategy,
    CheckinService,
    ConfigDeliveryService,
  ],
})
export class DeviceGatewayModule {}
