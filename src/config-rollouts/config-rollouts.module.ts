import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { DeviceStateModule } from '../device-state/device-state.module';
import { DevicesModule } from '../devices/devices.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { ConfigRolloutCheckins } from './config-rollout-checkins.service';
import { ConfigRolloutDevicesRepository } from './config-rollout-devices.repository';
import { ConfigRolloutRunner } from './config-rollout-runner.service';
import { ConfigRolloutSweep } from './config-rollout-sweep.service';
import { ConfigRolloutsController } from './config-rollouts.controller';
import { ConfigRolloutsRepository } from './config-rollouts.repository';
import { ConfigRolloutsService } from './config-rollouts.service';

/**
 * `config_rollouts`, `config_rollout_devices`: staged publishes of networks' drafts, their
 * routes, the periodic work that moves them and the check-in's part in them.
 */
@Module({
  imports: [
    BackgroundModule,
    DeviceStateModule,
    DevicesModule,
    FleetChangeModule,
    NetworksModule,
    NetworkSsidsModule,
  ],
  controllers: [ConfigRolloutsController],
  providers: [
    ConfigRolloutsRepository,
    ConfigRolloutDevicesRepository,
    ConfigRolloutRunner,
    ConfigRolloutsService,
    ConfigRolloutSweep,
    ConfigRolloutCheckins,
  ],
  exports: [ConfigRolloutRunner, ConfigRolloutCheckins, ConfigRolloutsService],
})
export class ConfigRolloutsModule {}
