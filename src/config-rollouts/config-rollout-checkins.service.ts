import { Injectable } from '@nestjs/common';
import { ConfigRolloutDevicesRepository } from './config-rollout-devices.repository';

/** A device's place in the rollout whose configuration it is given, as the check-in read it. */
export interface CheckinRollout {
  id: number;
  outcome: string;
  reported: boolean;
  watch_seconds: number;
}

/** What a check-in says about the configuration it runs. */
export interface ConfigReportFacts {
  /** The revision it runs: reported now, else the one last recorded. */
  running: string | null;
  /** The revision of the configuration error it reports now, and its message. */
  error?: { revision: string; message: string };
  /** The revision it is given now (the rollout's). */
  current: string;
}

/** What a check-in does to the device's outcome in a rollout. */
export type CheckinOutcome = 'reported' | 'failed' | null;

/**
 * A waiting device of a rollout fails on a configuration error about the rollout's revision;
 * else its watch starts when it first runs that revision. Pure.
 */
export function checkinOutcome(
  rollout: CheckinRollout | null,
  report: ConfigReportFacts,
): CheckinOutcome {
  if (rollout === null || rollout.outcome !== 'waiting') {
    return null;
  }
  if (report.error?.revision === report.current) {
    return 'failed';
  }
  return !rollout.reported && report.running === report.current ? 'reported' : null;
}

/** The check-in's part in configuration rollouts: one conditional UPDATE when it matters. */
@Injectable()
export class ConfigRolloutCheckins {
  constructor(private readonly devices: ConfigRolloutDevicesRepository) {}

  /** Records what `checkinOutcome` decided, in the check-in's transaction. */
  async record(
    orgId: number,
    deviceId: number,
    rollout: CheckinRollout,
    outcome: Exclude<CheckinOutcome, null>,
    report: ConfigReportFacts,
    at: Date,
  ): Promise<void> {
    if (outcome === 'failed') {
      await this.devices.failed(orgId, rollout.id, deviceId, report.error!.message);
    } else {
      await this.devices.reported(orgId, rollout.id, deviceId, at, rollout.watch_seconds);
    }
  }
}
