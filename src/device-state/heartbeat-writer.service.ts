import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { AsyncResource } from 'node:async_hooks';
import { GroupCommit } from '../database/group-commit';
import { CheckinHeartbeat, foldCheckins } from './checkin-heartbeat';
import { CHECKINS_PER_STATEMENT, HeartbeatsRepository } from './heartbeats.repository';

/**
 * Check-ins as one record per device, the later folded over the earlier, in the order they came:
 * one row per device, since one upsert may not change a row twice.
 */
export function onePerDevice(checkins: readonly CheckinHeartbeat[]): CheckinHeartbeat[] {
  const byDevice = new Map<number, CheckinHeartbeat>();
  for (const checkin of checkins) {
    const earlier = byDevice.get(checkin.device_id);
    byDevice.set(checkin.device_id, earlier ? foldCheckins(earlier, checkin) : checkin);
  }
  return [...byDevice.values()];
}

/**
 * Writes the heartbeat fields of device check-ins by group commit. A check-in's
 * heartbeat joins the batch being formed; the batch is written in one transaction by one
 * multi-row upsert (per ~2,100 devices) as soon as the previous batch's write ends, and each
 * check-in is answered only after the batch that holds it has committed. Nothing acknowledged
 * waits in memory: a crash loses no answered check-in, and every instance's next read shows it.
 * A check-in that must write in its own transaction (one that moves an upgrade) writes at once.
 * An older check-in never overwrites a later one (HeartbeatsRepository.upsertCheckins).
 */
@Injectable()
export class HeartbeatWriterService implements BeforeApplicationShutdown {
  private readonly batches: GroupCommit<CheckinHeartbeat, Map<number, boolean>>;

  constructor(private readonly heartbeats: HeartbeatsRepository) {
    // Batches start in the context this object was built in, never in a request's: the
    // transaction of the request whose check-in opened a batch must not hold the others. One
    // statement a batch, so no transaction is needed around it.
    const detached = AsyncResource.bind((start: () => void) => setImmediate(start));
    this.batches = new GroupCommit(
      (checkins) => heartbeats.upsertCheckins(onePerDevice(checkins), true),
      CHECKINS_PER_STATEMENT,
      detached,
    );
  }

  /** Waits for the batches that hold check-ins not answered yet (graceful shutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.batches.settled();
  }

  /** How many check-ins wait for their batch's write to start. */
  get waiting(): number {
    return this.batches.waiting;
  }

  /**
   * Records the heartbeat fields of a check-in that found its device recorded UP, by group
   * commit; resolves once its batch has committed, with whether it was written. Only a record
   * still UP is written: false when the DOWN sweep turned it DOWN meanwhile, or the device is
   * gone, and nothing was written: the caller writes it anew in a transaction (recordInChange).
   */
  async recordBatched(checkin: CheckinHeartbeat): Promise<boolean> {
    const written = await this.batches.submit(checkin);
    return written.has(checkin.device_id);
  }

  /**
   * Records a check-in's heartbeat fields at once in the caller's transaction (committed with
   * it); answers whether the device was recorded DOWN (or never heard from) before: the caller
   * then records its device.up (DeviceTransitionsService). False for a device recorded UP, or
   * gone.
   */
  async recordInChange(checkin: CheckinHeartbeat): Promise<boolean> {
    const written = await this.heartbeats.upsertCheckins([checkin]);
    return written.get(checkin.device_id) === false;
  }
}
