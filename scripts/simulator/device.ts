import { setTimeout as sleep } from 'node:timers/promises';
import { CheckinAnswer, ConfigAnswer, FleetContext } from './fleet-context';
import { DeviceEventLog } from './caused';
import { DeviceCommands } from './device-commands';
import { DeviceConfigFailure } from './device-config-failure';
import { DeviceUpgrade } from './device-upgrade';
import { basicAuth } from './http';
import { FleetDevice, FROM_VERSION } from './setup';

/** How many times one check-in may chain into fetching configuration and reporting it. */
const MAX_CONFIG_ROUNDS = 3;

/**
 * One access point: checks in at the announced interval (±20 % jitter) with its Wi-Fi clients,
 * fetches its configuration when told and reports the applied revision at once, and performs the
 * upgrades it is handed.
 * Its requests never overlap: each runs after the previous one in `chain`.
 */
export class VirtualDevice {
  lastCheckinAt: number | null = null;
  /** The last check-in answer's `config` was null. */
  inSync = false;
  revision: string | null = null;
  ssidNames: string[] = [];
  firmware = FROM_VERSION;
  /** Fetches of a configuration (200 answers), for the propagation tally. */
  configFetches = 0;
  readonly events: DeviceEventLog;
  /** The upgrade it is busy with or finished last, and what it reports of it. */
  readonly upgrades: DeviceUpgrade;
  /** The commands it was handed, and the results it has still to report. */
  readonly commands: DeviceCommands;
  /** Whether and how it fails a configuration rollout's configuration. */
  readonly configFailure: DeviceConfigFailure;

  private readonly auth: string;
  private readonly name: string;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** The check-in waiting in `chain` behind the request in flight, if any. */
  private queued: Promise<void> | null = null;
  private bootedAt: number;
  /** Set during a reboot: the device is silent. */
  private offline = false;
  /** Silent until then (ms of the run); 0: no outage (any more); null: an outage to come. */
  private silentUntil: number | null;
  private wake: NodeJS.Timeout | undefined;

  constructor(
    readonly identity: FleetDevice,
    private readonly ctx: FleetContext,
  ) {
    this.auth = basicAuth(identity.mac, identity.secret);
    this.name = `sim-ap-${String(identity.index + 1).padStart(5, '0')}`;
    this.bootedAt = ctx.now();
    this.events = new DeviceEventLog(ctx.expected, ctx.heartbeatTimeoutMs);
    this.silentUntil = ctx.outage.has(identity.index) ? null : 0;
    this.upgrades = new DeviceUpgrade(ctx, identity.index, this.events, {
      checkInSoon: () => this.checkInSoon(),
      restart: (ms, firmware) => this.restart(ms, firmware),
    });
    this.commands = new DeviceCommands(ctx, {
      upgrading: () => this.upgrades.busy,
      uptimeSeconds: () => this.uptimeSeconds(),
      restart: (ms) => this.restart(ms, this.firmware),
      checkInSoon: () => this.checkInSoon(),
    });
    this.configFailure = DeviceConfigFailure.of(ctx, identity.index, this.events);
  }

  /** The upgrade it is busy with or finished last (its own view). */
  get upgrade() {
    return this.upgrades.current;
  }

  /** Schedules the first check-in `delayMs` from now. */
  start(delayMs: number): void {
    this.schedule(delayMs);
  }

  /** Checks in now and waits for it (the probe that learns the interval). */
  checkInNow(): Promise<void> {
    return this.checkInSoon();
  }

  stop(): void {
    clearTimeout(this.timer);
    clearTimeout(this.wake);
  }

  /** Resolves when the device's current request chain has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  /**
   * The regular check-in loop: each tick schedules the next one (the announced interval, ±20 %)
   * before it checks in, so the cadence holds whatever the answers, errors or out-of-cycle
   * reports; a tick during a reboot finds the device offline and sends nothing.
   */
  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.ctx.signal.aborted) {
      return;
    }
    this.timer = setTimeout(() => {
      this.schedule(this.jitteredInterval());
      void this.checkInSoon();
    }, delayMs);
  }

  private jitteredInterval(): number {
    return (this.ctx.interval ?? 60) * 1000 * (0.8 + 0.4 * Math.random());
  }

  /**
   * Queues a check-in after the request in flight, unless one is queued already: a queued
   * check-in builds its body when it starts, so it carries the latest state (a report made
   * while it waited included) and a slow service does not pile up requests.
   */
  private checkInSoon(): Promise<void> {
    if (!this.queued) {
      this.queued = this.enqueue(() => {
        this.queued = null;
        return this.checkIn(0);
      });
    }
    return this.queued;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.ctx.error('device', error);
    });
    return this.chain;
  }

  /**
   * An outage device's connection drops, or a device drops off the air after applying a
   * configuration (for the outage's length), then it checks in again at once.
   */
  private cutOff(): void {
    this.silentUntil = this.ctx.now() + this.ctx.outageMs;
    this.wake = setTimeout(() => {
      this.silentUntil = 0; // over (a timer may fire a little early)
      void this.checkInSoon();
    }, this.ctx.outageMs);
  }

  private async checkIn(round: number): Promise<void> {
    if (this.ctx.signal.aborted || this.offline || this.ctx.now() < (this.silentUntil ?? 0)) {
      return;
    }
    const revision = this.revision ?? undefined;
    const report = this.upgrades.report;
    const results = this.commands.book.toSend();
    const configError = this.configFailure.toSend();
    const stations = this.ctx.wifi?.stationsOf(
      this.identity.index,
      (this.ssidNames[0] ?? 'Airfleet').slice(0, 32) || 'Airfleet',
    );
    // Fields left undefined are not sent.
    const body = {
      firmware_version: this.firmware,
      hardware_model: this.ctx.partNumber,
      name: this.name,
      uptime_seconds: this.uptimeSeconds(),
      clients: stations?.length ?? Math.floor(Math.random() * 25),
      stations,
      config_revision: revision,
      config_error: configError,
      upgrade: report ?? undefined,
      command_results: results,
    };
    const sentAt = this.ctx.now();
    const response = await this.ctx.client
      .request('checkin', 'POST', '/device/v1/checkin', { auth: this.auth, body })
      .catch((error: unknown) => {
        this.events.noAnswer(sentAt, this.ctx.now(), revision, report);
        throw error;
      });
    if (response.status !== 200) {
      this.ctx.error('POST /device/v1/checkin', response);
      return;
    }
    const answer = response.body as CheckinAnswer;
    this.lastCheckinAt = this.ctx.now();
    this.events.answered(sentAt, this.lastCheckinAt, revision, report, answer.upgrade?.id ?? null);
    this.ctx.interval = answer.checkin_interval;
    if (this.silentUntil === null) {
      // An outage device: the connection drops before the answer reaches it.
      this.cutOff();
      return;
    }
    this.inSync = answer.config === null;
    this.upgrades.acknowledge(report, body.firmware_version);
    this.commands.book.taken(results, this.lastCheckinAt);
    this.configFailure.taken(configError, answer.config?.revision ?? revision ?? null);
    if (this.configFailure.dropsNow()) {
      this.cutOff(); // it reported the configuration that takes it off the air
      return;
    }
    if (this.commands.book.rebooting) {
      return; // rebooted while the check-in was on its way: what the answer hands out comes again
    }
    if (answer.upgrade) {
      this.upgrades.consider(answer.upgrade);
    }
    // After the upgrade: a reboot command waits for an upgrade the same answer hands out.
    this.commands.carryOut(answer.commands ?? []);
    if (
      answer.config &&
      !this.commands.book.rebooting &&
      !this.configFailure.isRejected(answer.config.revision)
    ) {
      if (round + 1 >= MAX_CONFIG_ROUNDS) {
        this.ctx.anomaly(
          'a check-in that reported the revision just fetched was still told to fetch configuration',
        );
        return;
      }
      if (await this.fetchConfig(answer.config.url)) {
        await this.checkIn(round + 1);
      }
    }
  }

  /** Down for `ms` (a reboot), then up again with a new uptime, running `firmware`. */
  private async restart(ms: number, firmware: string): Promise<void> {
    this.offline = true;
    await sleep(ms, undefined, { signal: this.ctx.signal });
    this.offline = false;
    this.firmware = firmware;
    this.bootedAt = this.ctx.now();
  }

  private uptimeSeconds(): number {
    return Math.floor((this.ctx.now() - this.bootedAt) / 1000);
  }

  /** GET the configuration (If-None-Match: what the device has); true when it holds it now. */
  private async fetchConfig(path: string): Promise<boolean> {
    const headers: Record<string, string> =
      this.revision === null ? {} : { 'If-None-Match': `"${this.revision}"` };
    const response = await this.ctx.client.request('config', 'GET', path, {
      auth: this.auth,
      headers,
    });
    if (response.status === 304) {
      return true;
    }
    if (response.status !== 200) {
      this.ctx.error(`GET ${path}`, response);
      return false;
    }
    const config = response.body as ConfigAnswer;
    if (response.headers.get('etag') !== `"${config.revision}"`) {
      this.ctx.anomaly('a configuration answer whose ETag is not its quoted revision');
    }
    this.configFetches++;
    if (this.configFailure.rejects(config)) {
      return true; // it runs what it ran; the next check-in reports the error
    }
    this.revision = config.revision;
    this.ssidNames = config.ssids.map((s) => s.ssid_name);
    return true;
  }
}
