import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { DAY_MS } from '../common/time-window/time-window';
import { Scheduler } from '../background/scheduler';
import { ClientSessionsRepository, EndedSession } from './client-sessions.repository';
import { LiveStations, planStations, ReportedStation } from './station-plan';

/** How many ended sessions one retention statement deletes at most. */
export const RETENTION_BATCH = 1000;
/** How many retention statements one pass runs at most (the next pass goes on). */
const RETENTION_BATCHES_PER_PASS = 20;
/** How often a check-in tries again to start the sessions another instance's check-in held. */
const START_ATTEMPTS = 5;

/** The device whose check-in lists stations, as its sessions keep it. */
export interface StationsDevice {
  id: number;
  mac_id: string;
  name: string | null;
  network: { id: number; network_name: string } | null;
}

/**
 * The Wi-Fi client sessions that check-ins, DOWN and removal start and end. Each runs in the
 * caller's transaction; the organisation's one open session per client is held by the partial
 * unique index and conditional writes, never by a lock or by memory, so any number of instances
 * may record check-ins of devices that list the same client at once.
 */
@Injectable()
export class ClientStationsService {
  constructor(
    private readonly sessions: ClientSessionsRepository,
    private readonly config: ConfigService,
    scheduler: Scheduler,
  ) {
    scheduler.every('client session retention', () => this.retain());
  }

  /**
   * A check-in's complete list of stations whose digest differs from the stored one, before its
   * heartbeat is written: ends the device's sessions of clients it no longer lists, writes a
   * kept field that changed, and starts a session for each listed client without one on the
   * device, ending its open session elsewhere (a roam). When another check-in committed an open
   * session of the client meanwhile, it is ended and the start tried again: the later check-in
   * to commit holds the open session. Returns the live values to store in the heartbeat record,
   * and the devices its clients roamed from (see forgetDigests).
   */
  async record(
    orgId: number,
    device: StationsDevice,
    previous: LiveStations,
    listed: readonly ReportedStation[],
    at: Date,
  ): Promise<{ live: LiveStations; roamedFrom: number[] }> {
    const open = await this.sessions.openOnDevice(orgId, device.id);
    const plan = planStations(open, previous, listed);
    await this.sessions.describe(orgId, device.id, plan.described);
    const roamedFrom = new Set<number>();
    let pending = plan.started;
    // The departed clients' sessions end with the first ending of the arrived ones' elsewhere.
    let left = plan.ended;
    for (
      let attempt = 0;
      (pending.length > 0 || left.length > 0) && attempt < START_ATTEMPTS;
      attempt++
    ) {
      const ended = await this.sessions.end(
        orgId,
        { device: device.id, left, arrived: pending.map((s) => s.mac) },
        at,
      );
      left = [];
      const roamed = ended.filter((r) => r.device_id !== device.id);
      const from = new Map<string, EndedSession>(roamed.map((r) => [r.client_mac, r]));
      roamed.forEach((r) => roamedFrom.add(r.device_id));
      if (pending.length === 0) {
        break;
      }
      const started = await this.sessions.start(
        orgId,
        pending.map((station) => ({
          station,
          device,
          network: device.network,
          at,
          roamedFrom: from.get(station.mac) ?? null,
        })),
      );
      pending = pending.filter((s) => !started.has(s.mac));
    }
    return { live: plan.live, roamedFrom: [...roamedFrom] };
  }

  /**
   * After a check-in's change committed: forgets the stations digest of the devices its
   * clients roamed from, so that their next check-in with stations compares them with their
   * sessions again and one that lists a client again (it roamed back) starts its session anew.
   * Its own statement, outside the change: inside, two devices' check-ins that took each other's
   * clients would each hold its own heartbeat record and wait for the other's.
   */
  async forgetDigests(orgId: number, deviceIds: number[]): Promise<void> {
    if (deviceIds.length > 0) {
      await this.sessions.forgetDigests(orgId, deviceIds);
    }
  }

  /**
   * Ends every open session of these devices: at their last heartbeat (`at` null: they went
   * DOWN) or at `at` (they leave the organisation).
   */
  async endOnDevices(orgId: number, deviceIds: number[], at: Date | null): Promise<void> {
    if (deviceIds.length > 0) {
      await this.sessions.end(orgId, { devices: deviceIds }, at);
    }
  }

  /** Erases every session of the client in the organisation; returns how many. */
  erase(orgId: number, mac: string): Promise<number> {
    return this.sessions.erase(orgId, mac);
  }

  /**
   * Deletes the sessions that ended more than CLIENT_RETENTION_DAYS ago, in statements of at
   * most RETENTION_BATCH rows, never one statement over all of them. Returns how many.
   */
  async retain(now = new Date()): Promise<number> {
    const days = this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).clientRetentionDays;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    let deleted = 0;
    for (let batch = 0; batch < RETENTION_BATCHES_PER_PASS; batch++) {
      const count = await this.sessions.deleteEndedBefore(cutoff, RETENTION_BATCH);
      deleted += count;
      if (count < RETENTION_BATCH) {
        break;
      }
    }
    return deleted;
  }
}
