import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { DevicesModule } from '../devices/devices.module';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { DeviceLivenessService } from './device-liveness.service';
import { DeviceTransitionsRepository } from './device-transitions.repository';
import { DeviceTransitionsService } from './device-transitions.service';
import { HeartbeatWriterService } from './heartbeat-writer.service';
import { HeartbeatsRepository } from './heartbeats.repository';
import { UplinksRepository } from './uplinks.repository';
import { ClientSessionsRepository } from './client-sessions.repository';
import { ClientStationsService } from './client-stations.service';

/**
 * What a device's state is made of, below the modules that show it or act on it (access-points,
 * upgrades, device-gateway): its last heartbeat (`heartbeats`: check-ins by group commit
 * through HeartbeatWriterService, admin heartbeats), its live uplinks (`uplinks` rows), the
 * UP/DOWN rule (device-liveness.ts) with DeviceLivenessService, which asks it of the heartbeats,
 * and the recorded transitions with their device.up and device.down events
 * (DeviceTransitionsService, with the DOWN sweep every instance runs), and the Wi-Fi client
 * sessions that check-ins' stations, DOWN and removal start and end (`client_sessions`,
 * ClientStationsService).
 */
@Module({
  imports: [BackgroundModule, DevicesModule, EventLogModule, FleetChangeModule],
  providers: [
    HeartbeatsRepository,
    UplinksRepository,
    HeartbeatWriterService,
    DeviceLivenessService,
    DeviceTransitionsRepository,
    DeviceTransitionsService,
    ClientSessionsRepository,
    ClientStationsService,
  ],
  exports: [
    HeartbeatsRepository,
    UplinksRepository,
    HeartbeatWriterService,
    DeviceLivenessService,
    DeviceTransitionsService,
    ClientStationsService,
  ],
})
export class DeviceStateModule {}
