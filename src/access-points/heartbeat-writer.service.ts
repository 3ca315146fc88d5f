import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AsyncResource } from 'node:async_hooks';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { CheckinHeartbeat, foldCheckins } from './checkin-heartbeat';
import { HeartbeatsRepository } from './heartbeats.repository';

/** Past this many devices waiting, the buffer is written at once rather than at the next tick. */
export const MAX_BUFFERED_DEVICES = 2_000;

/**
 * Writes the heartbeat fields of device check-ins (issue 14). With HEARTBEAT_FLUSH_MS above 0
 * they wait in this instance's memory, one record per device (a later check-in folded over an
 * earlier one), and are written together by one multi-row upsert at most that long after the
 * first of them came (at once past MAX_BUFFERED_DEVICES); a crash loses at most that window.
 * The buffer is written on graceful shutdown, before the database closes. With 0, or for a
 * check-in whose configuration report must be stored before the answer, the heartbeat is
 * written at once, with what this instance still held for the device. An older check-in
 * buffered by another instance never overwrites a later one (HeartbeatsRepository.upsertCheckins).
 */
@Injectable()
export class HeartbeatWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger(HeartbeatWriter.name);
  private readonly flushMs: number;
  private pending = new Map<number, CheckinHeartbeat>();
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /**
   * Timers and flushes are started in the context this object was built in, never in the
   * request's that triggers them: a request's transaction must not reach a later flush.
   */
  private readonly detached: (work: () => void) => void;

  constructor(
    private readonly heartbeats: HeartbeatsRepository,
    private readonly unitOfWork: UnitOfWork,
    config: ConfigService,
  ) {
    this.flushMs = config.getOrThrow<AppConfig>(APP_CONFIG_KEY).heartbeatFlushMs;
    this.detached = AsyncResource.bind((work: () => void) => work());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** How many devices' heartbeats wait to be written. */
  get waiting(): number {
    return this.pending.size;
  }

  /** The firmware version of the device's check-ins waiting here, if one reported it. */
  waitingFirmware(deviceId: number): string | undefined {
    return this.pending.get(deviceId)?.firmware_version;
  }

  /**
   * Records a check-in's heartbeat fields: buffered, or written before this resolves when
   * `now` (or HEARTBEAT_FLUSH_MS is 0), in the caller's transaction if it has one.
   */
  async record(checkin: CheckinHeartbeat, now = false): Promise<void> {
    const waiting = this.pending.get(checkin.device_id);
    const folded = waiting ? foldCheckins(waiting, checkin) : checkin;
    if (now || this.flushMs === 0 || this.closed) {
      this.pending.delete(checkin.device_id);
      await this.heartbeats.upsertCheckins([folded]);
      return;
    }
    this.pending.set(checkin.device_id, folded);
    if (this.pending.size >= MAX_BUFFERED_DEVICES && !this.inFlight) {
      this.detached(() => void this.flush());
    } else if (!this.timer) {
      this.detached(() => {
        this.timer = setTimeout(() => void this.tick(), this.flushMs).unref();
      });
    }
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    await this.flush();
    if (this.pending.size > 0 && !this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.tick(), this.flushMs).unref();
    }
  }

  /**
   * Writes what waits, in one transaction (one statement per ~2,100 devices); resolves once
   * everything that waited when it was called is written or, on failure, back in the buffer
   * under anything that came since.
   */
  async flush(): Promise<void> {
    while (this.inFlight) {
      await this.inFlight;
    }
    if (this.pending.size === 0) {
      return;
    }
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.inFlight = this.write(batch).finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
  }

  private async write(batch: CheckinHeartbeat[]): Promise<void> {
    try {
      await this.unitOfWork.run(() => this.heartbeats.upsertCheckins(batch));
    } catch (error) {
      for (const checkin of batch) {
        const later = this.pending.get(checkin.device_id);
        this.pending.set(checkin.device_id, later ? foldCheckins(checkin, later) : checkin);
      }
      this.logger.warn(
        { devices: batch.length, error: error instanceof Error ? error.message : String(error) },
        'Could not write buffered heartbeats; retrying at the next flush',
      );
    }
  }
}
