import { DOWN_RECORDED_WITHIN_MS } from './caused';

/** What a simulation run is told (the CLI flags of `npm run simulate`, or a test's choice). */
export interface SimulationOptions {
  /** Base URL of the service; the simulator talks to nothing else. */
  url: string;
  /** A super administrator's access token (the setup creates the organisation and catalogue). */
  token: string;
  /** Virtual devices. */
  devices: number;
  /** Seconds the fleet runs, after the setup. */
  durationSeconds: number;
  /**
   * Without a rollout, the probability (0 to 1) that a device fails the upgrade to the new
   * release; with one, the fraction of the devices on which the new release fails (a fixed set,
   * spread evenly over the fleet, so every stage sees about that fraction). A revert to the old
   * release never fails.
   */
  failRate: number;
  /** Seconds into the run at which the whole network is upgraded; 0: no upgrade. */
  upgradeAfterSeconds: number;
  /** Length of each upgrade phase (downloading, installing, reboot), in seconds. */
  phaseSeconds: number;
  /**
   * Seconds into the run at which the SSID is renamed; null: half the run, but early enough that
   * every device can check in twice afterwards (1.5 announced intervals before the end).
   */
  ssidChangeAtSeconds: number | null;
  /**
   * After the duration, the run goes on (without new changes) until every device is up and in
   * sync and every upgrade finished, for at most this many seconds; null: two announced check-in
   * intervals plus the three upgrade phases.
   */
  settleSeconds: number | null;
  /** Most HTTP requests in flight at once. */
  concurrency: number;
  /**
   * The service's HEARTBEAT_TIMEOUT_SECONDS: a silence longer than that is a device.down (the
   * simulator cannot ask the service; it counts the events its silences cause with this).
   */
  heartbeatTimeoutSeconds: number;
  /**
   * Devices (spread evenly over the fleet) whose connection drops right after their first
   * check-in (its answer is lost) for the heartbeat timeout plus OUTAGE_BEYOND_TIMEOUT_SECONDS,
   * then check in again: each makes a device.down and a second device.up.
   */
  outageDevices: number;
  /**
   * Null: the network upgrade is a plain one. Otherwise it is a staged rollout with
   * these stages (whole percentages, increasing, ending with 100), halted above
   * `maxFailurePercent` failed, reverting the devices it upgraded when `autoRevert`.
   */
  rollout: { stages: number[]; maxFailurePercent: number; autoRevert: boolean } | null;
  /**
   * Null: no webhook. Otherwise the run starts a receiver on 127.0.0.1, registers it as a webhook
   * of its organisation for every event, and at the end, after reading the feed back, waits at
   * most `waitSeconds` for every event of the feed to be delivered (the service must run with
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to deliver to 127.0.0.1).
   */
  webhookReceiver: { waitSeconds: number } | null;
  /** How long a device is down for a reboot command, in seconds. */
  rebootSeconds: number;
  /**
   * The commands scenario: half-way through the run the admin reboots the network (and asks one
   * device to locate, one to ping); the summary says how long until every device was back.
   */
  commands: boolean;
  /**
   * Null: the SSID change is a direct write that reaches every device at once. Otherwise it is a
   * draft published in these stages (a configuration rollout), halted when more than
   * `maxFailurePercent` of its opened stages failed, each device watched for `watchSeconds`
   * after it reports the new revision; `autoRevert` false: the admin reverts it once it halts.
   */
  configRollout: ConfigRolloutOptions | null;
  /**
   * A share of the devices fails the configuration rollout's configuration: `percent` of them (a
   * fixed set spread evenly over the fleet, so each stage sees about that share), each either
   * rejecting it (a `config_error` at its next check-in) or dropping off the air after applying
   * it (reporting the new revision, then silent for the heartbeat timeout plus
   * OUTAGE_BEYOND_TIMEOUT_SECONDS, so that it goes DOWN; it comes back later). Only with
   * `configRollout`; a configuration given back by a revert never fails.
   */
  configFailures: { percent: number; mode: ConfigFailureMode };
}

/** How a device fails a configuration: it rejects it, or drops off the air after applying it. */
export type ConfigFailureMode = 'reject' | 'drop-off';
export const CONFIG_FAILURE_MODES: readonly ConfigFailureMode[] = ['reject', 'drop-off'];

/** The staged publish of the SSID change (`--config-rollout`). */
export interface ConfigRolloutOptions {
  stages: number[];
  maxFailurePercent: number;
  watchSeconds: number;
  autoRevert: boolean;
}

export const DEFAULT_OPTIONS: Omit<SimulationOptions, 'token'> = {
  url: 'http://127.0.0.1:3000',
  devices: 1000,
  durationSeconds: 120,
  failRate: 0.05,
  upgradeAfterSeconds: 10,
  phaseSeconds: 3,
  ssidChangeAtSeconds: null,
  settleSeconds: null,
  concurrency: 64,
  heartbeatTimeoutSeconds: 300,
  outageDevices: 0,
  rollout: null,
  webhookReceiver: null,
  rebootSeconds: 5,
  commands: false,
  configRollout: null,
  configFailures: { percent: 0, mode: 'reject' },
};

/**
 * The default `--config-watch` (a configuration rollout's `watch_seconds`) is the heartbeat
 * timeout plus this many seconds: long enough for a device that drops off the air to go DOWN (and
 * the service to record it, within 5 s) before its watch ends, so that it fails.
 */
export const CONFIG_WATCH_BEYOND_TIMEOUT_SECONDS = 30;

/** The default `--config-max-failure` in percent: the service's, the first failure halts. */
export const DEFAULT_CONFIG_MAX_FAILURE_PERCENT = 0;

/** The default `--webhook-wait`, in seconds. */
export const DEFAULT_WEBHOOK_WAIT_SECONDS = 60;

/**
 * How much longer than the heartbeat timeout an outage lasts: the 5 s within which the service
 * records the device.down, and one more, so that the device.down is certain.
 */
export const OUTAGE_BEYOND_TIMEOUT_SECONDS = 6;

/** The default `--max-failure` of a rollout, in percent. */
export const DEFAULT_MAX_FAILURE_PERCENT = 10;

/** The problems with a set of options, empty when it can run. */
export function optionProblems(options: SimulationOptions): string[] {
  const problems: string[] = [];
  try {
    const url = new URL(options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push('--url must be an http or https URL');
    }
  } catch {
    problems.push(`--url is not a URL: ${options.url}`);
  }
  if (!options.token) {
    problems.push('a super administrator token is needed: --token or AIRFLEET_TOKEN');
  }
  if (!Number.isInteger(options.devices) || options.devices < 1 || options.devices > 1_000_000) {
    problems.push('--devices must be an integer from 1 to 1000000');
  }
  if (!(options.durationSeconds > 0)) {
    problems.push('--duration must be a positive number of seconds');
  }
  if (!(options.failRate >= 0 && options.failRate <= 1)) {
    problems.push('--fail-rate must be between 0 and 1');
  }
  if (!(options.upgradeAfterSeconds >= 0)) {
    problems.push('--upgrade-after must be 0 or more seconds');
  }
  if (!(options.phaseSeconds > 0)) {
    problems.push('--phase-seconds must be a positive number of seconds');
  }
  if (options.ssidChangeAtSeconds !== null && !(options.ssidChangeAtSeconds >= 0)) {
    problems.push('--ssid-change-at must be 0 or more seconds');
  }
  if (options.settleSeconds !== null && !(options.settleSeconds >= 0)) {
    problems.push('--settle must be 0 or more seconds');
  }
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    problems.push('--concurrency must be a positive integer');
  }
  if (!(options.heartbeatTimeoutSeconds > 0)) {
    problems.push('--heartbeat-timeout must be a positive number of seconds');
  }
  const outage = options.outageDevices;
  if (!Number.isInteger(outage) || outage < 0 || outage > options.devices) {
    problems.push('--outage must be an integer from 0 to --devices');
  } else if (
    outage > 0 &&
    !(options.durationSeconds > options.heartbeatTimeoutSeconds + OUTAGE_BEYOND_TIMEOUT_SECONDS)
  ) {
    problems.push(
      `--outage needs a --duration longer than --heartbeat-timeout + ${OUTAGE_BEYOND_TIMEOUT_SECONDS} s, so that the devices come back before the end`,
    );
  }
  if (options.rollout) {
    const { stages, maxFailurePercent } = options.rollout;
    if (!stagesValid(stages)) {
      problems.push(
        '--rollout must be increasing whole percentages from 1 to 100 ending with 100 (e.g. 10,50,100)',
      );
    }
    if (!(maxFailurePercent >= 0 && maxFailurePercent <= 100)) {
      problems.push('--max-failure must be between 0 and 100');
    }
    if (options.upgradeAfterSeconds === 0) {
      problems.push('--rollout needs an upgrade: --upgrade-after must be more than 0');
    }
  }
  if (options.webhookReceiver && !(options.webhookReceiver.waitSeconds >= 0)) {
    problems.push('--webhook-wait must be 0 or more seconds');
  }
  if (!(options.rebootSeconds >= 0)) {
    problems.push('--reboot-seconds must be 0 or more seconds');
  }
  problems.push(...configRolloutProblems(options));
  return problems;
}

/** Whole percentages from 1 to 100, increasing, ending with 100. */
function stagesValid(stages: number[]): boolean {
  const increasing = stages.every(
    (p, i) => Number.isInteger(p) && p >= 1 && p <= 100 && (i === 0 || p > stages[i - 1]),
  );
  return stages.length > 0 && increasing && stages[stages.length - 1] === 100;
}

function configRolloutProblems(options: SimulationOptions): string[] {
  const problems: string[] = [];
  const { percent, mode } = options.configFailures;
  if (!(percent >= 0 && percent <= 100)) {
    problems.push('--config-failures must be a percentage from 0 to 100');
  }
  if (!CONFIG_FAILURE_MODES.includes(mode)) {
    problems.push(`--config-failure-mode must be one of ${CONFIG_FAILURE_MODES.join(', ')}`);
  }
  const rollout = options.configRollout;
  if (!rollout) {
    if (percent > 0) {
      problems.push('--config-failures needs --config-rollout (the failures halt it)');
    }
    return problems;
  }
  if (!stagesValid(rollout.stages)) {
    problems.push(
      '--config-rollout must be increasing whole percentages from 1 to 100 ending with 100 (e.g. 10,50,100)',
    );
  }
  if (!(rollout.maxFailurePercent >= 0 && rollout.maxFailurePercent <= 100)) {
    problems.push('--config-max-failure must be between 0 and 100');
  }
  if (!(
    Number.isInteger(rollout.watchSeconds) &&
    rollout.watchSeconds >= 0 &&
    rollout.watchSeconds <= 86400
  )) {
    problems.push('--config-watch must be a whole number of seconds from 0 to 86400');
  }
  if (
    options.configFailures.mode === 'drop-off' &&
    percent > 0 &&
    !(rollout.watchSeconds > options.heartbeatTimeoutSeconds + DOWN_RECORDED_WITHIN_MS / 1000)
  ) {
    problems.push(
      '--config-watch must be longer than --heartbeat-timeout + 5 s: a device that drops off the air fails only if it goes DOWN before its watch ends',
    );
  }
  if (
    options.ssidChangeAtSeconds !== null &&
    options.ssidChangeAtSeconds >= options.durationSeconds
  ) {
    problems.push(
      '--config-rollout publishes the SSID change: --ssid-change-at must be within --duration',
    );
  }
  return problems;
}
