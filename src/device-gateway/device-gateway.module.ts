import { FirmwareModule } from '../firmware/firmware.module';
import { Module } from '@nestjs/common';
import { ConfigRolloutsModule } from '../config-rollouts/config-rollouts.module';
import { ConfigDeliveryService } from './config-delivery.service';
import { DeviceConfigController } from './device-config.controller';
import { DeviceStateModule } from '../device-state/device-state.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { CommandsModule } from '../commands/commands.module';
import { CheckinController } from './checkin.controller';
import { CheckinService } from './checkin.service';
import { DeviceCredentialsService } from './device-credentials.service';
import { GatewayReadsRepository } from '../read-side/gateway-reads.repository';
import { ReadSideModule } from '../read-side/read-side.module';
import { DeviceCredentialsStrategy } from './device-credentials.strategy';

/**
 * The device half of the controller: routes under /device/v1 that access
 * points call with HTTP Basic and their factory secret. Registers the `device` passport strategy.
 */
@Module({
  imports: [
    ConfigRolloutsModule,
    DeviceStateModule,
    FirmwareModule,
    ReadSideModule,
    FleetChangeModule,
    CommandsModule,
  ],
  controllers: [CheckinController, DeviceConfigController],
  providers: [
    {
      provide: DeviceCredentialsService,
      useFactory: (reads: GatewayReadsRepository) => new DeviceCredentialsService(reads),
      inject: [GatewayReadsRepository],
    },
    DeviceCredentialsStrategy,
    CheckinService,
    ConfigDeliveryService,
  ],
})
export class DeviceGatewayModule {}
