import type { DeviceEventLog } from './caused';
import type { ConfigAnswer, FleetContext } from './fleet-context';
import type { ConfigFailureMode } from './options';

/** What a device's check-in says of a configuration it could not apply (its `config_error`). */
export interface ConfigErrorReport {
  revision: string;
  message: string;
}

/** The message of a rejected configuration (made up, as a device would word it). */
export const REJECT_MESSAGE = 'radio refused the SSID settings';

/**
 * How one device of a configuration rollout run fails the rollout's configuration, if it is one
 * of the failing share: it recognises that configuration by its SSID name, and either rejects it
 * (keeps running what it ran and reports a `config_error` about the revision) or applies it,
 * reports the revision, and then drops off the air once (silent past the heartbeat timeout, so
 * that the service records it DOWN). A configuration without that name (the network's, given back
 * by a revert) never fails.
 */
export class DeviceConfigFailure {
  /** The error to report, until a check-in carrying it is answered. */
  private unsent: ConfigErrorReport | null = null;
  /** The revision it rejected: a check-in answer naming it is not fetched again. */
  private rejected: string | null = null;
  private dropPending = false;
  private dropped = false;

  constructor(
    private readonly mode: ConfigFailureMode | null,
    private readonly ssidName: string | null,
    private readonly events: DeviceEventLog,
  ) {}

  static of(ctx: FleetContext, index: number, events: DeviceEventLog): DeviceConfigFailure {
    const failure = ctx.configFailure;
    const fails = failure !== null && failure.failing.has(index);
    return new DeviceConfigFailure(
      fails ? failure.mode : null,
      fails ? failure.ssidName : null,
      events,
    );
  }

  /**
   * A configuration was fetched: true when the device rejects it (it keeps running what it ran).
   * A configuration it drops off the air with is applied; the drop follows the report.
   */
  rejects(config: ConfigAnswer): boolean {
    if (this.ssidName === null || !config.ssids.some((s) => s.ssid_name === this.ssidName)) {
      return false;
    }
    if (this.mode === 'reject') {
      this.rejected = config.revision;
      this.unsent = { revision: config.revision, message: REJECT_MESSAGE };
      return true;
    }
    if (!this.dropped) {
      this.dropPending = true;
    }
    return false;
  }

  /** The `config_error` the next check-in carries (undefined: none). */
  toSend(): ConfigErrorReport | undefined {
    return this.unsent ?? undefined;
  }

  /**
   * A check-in carrying `sent` was answered, `current` being the revision the service gives the
   * device now (the answer's, or the one it runs when the answer hands out none). The service
   * records an error about the revision it gives (one `device.config_failed`; a repeat records
   * nothing); an error about another, e.g. a rollout's that was halted and reverted while the
   * device was deciding, is no news and records nothing.
   */
  taken(sent: ConfigErrorReport | undefined, current: string | null): void {
    if (sent && this.unsent === sent) {
      this.unsent = null;
      if (sent.revision === current) {
        this.events.configFailed();
      }
    }
  }

  /** Whether a check-in answer's configuration is the one it rejected (it does not fetch it again). */
  isRejected(revision: string): boolean {
    return this.rejected === revision;
  }

  /** True once, after the check-in that reported the configuration it drops off the air with. */
  dropsNow(): boolean {
    if (!this.dropPending) {
      return false;
    }
    this.dropPending = false;
    this.dropped = true;
    return true;
  }
}
