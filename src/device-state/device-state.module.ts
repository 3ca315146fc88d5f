import { Module } from '@nestjs/common';
import { DeviceLiveness } from './device-liveness.service';
import { HeartbeatWriter } from './heartbeat-writer.service';
import { HeartbeatsRepository } from './heartbeats.repository';
import { UplinksRepository } from './uplinks.repository';

/**
 * What a device's state is made of, below the modules that show it or act on it (access-points,
 * upgrades, device-gateway): its last heartbeat (`heartbeats`: check-ins by group commit through
 * HeartbeatWriter, admin heartbeats), its live uplinks (`uplinks` rows), and the UP/DOWN rule
 * (device-liveness.ts) with DeviceLiveness, which asks it of the heartbeats.
 */
@Module({
  providers: [HeartbeatsRepository, UplinksRepository, HeartbeatWriter, DeviceLiveness],
  exports: [HeartbeatsRepository, UplinksRepository, HeartbeatWriter, DeviceLiveness],
})
export class DeviceStateModule {}
