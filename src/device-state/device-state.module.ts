import { Module } from '@nestjs/common';
import { DeviceLivenessService } from './device-liveness.service';
import { HeartbeatWriterService } from './heartbeat-writer.service';
import { HeartbeatsRepository } from './heartbeats.repository';
import { UplinksRepository } from './uplinks.repository';

/**
 * What a device's state is made of, below the modules that show it or act on it (access-points,
 * upgrades, device-gateway): its last heartbeat (`heartbeats`: check-ins by group commit
 * through HeartbeatWriterService, admin heartbeats), its live uplinks (`uplinks` rows), and the
 * UP/DOWN rule (device-liveness.ts) with DeviceLivenessService, which asks it of the heartbeats.
 */
@Module({
  providers: [
    HeartbeatsRepository,
    UplinksRepository,
    HeartbeatWriterService,
    DeviceLivenessService,
  ],
  exports: [HeartbeatsRepository, UplinksRepository, HeartbeatWriterService, DeviceLivenessService],
})
export class DeviceStateModule {}
