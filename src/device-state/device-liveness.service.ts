import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { upSince } from './device-liveness';
import { HeartbeatsRepository } from './heartbeats.repository';

/**
 * Which devices are UP now (a heartbeat at most HEARTBEAT_TIMEOUT_SECONDS old), for
 * the modules that order or count by it: rollouts order their devices UP first, in
 * the caller's transaction. The rule itself is device-liveness.ts.
 */
@Injectable()
export class DeviceLivenessService {
  constructor(
    private readonly heartbeats: HeartbeatsRepository,
    private readonly config: ConfigService,
  ) {}

  /** HEARTBEAT_TIMEOUT_SECONDS: a device is DOWN this long after its last heartbeat. */
  get timeoutSeconds(): number {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).heartbeatTimeoutSeconds;
  }

  /** The oldest heartbeat that counts as UP now. */
  upSince(now = new Date()): Date {
    return upSince(now, this.timeoutSeconds);
  }

  /** What decides at `now` whether a device is DOWN, and when it went DOWN. */
  at(now: Date): { upSince: Date; timeoutSeconds: number } {
    return { upSince: this.upSince(now), timeoutSeconds: this.timeoutSeconds };
  }

  /** Which of these devices of the organisation are UP now (one statement). */
  upDeviceIds(orgId: number, deviceIds: number[]): Promise<Set<number>> {
    return this.heartbeats.upAmong(orgId, deviceIds, this.upSince());
  }
}
