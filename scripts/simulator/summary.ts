import { commandProblems, CommandsCheck, commandsLines } from './command-scenario';
import {
  ConfigRolloutCheck,
  configRolloutLine,
  configRolloutLines,
  configRolloutProblems,
  ConfigRolloutRecord,
} from './config-rollout-check';
import { eventProblems, EventsCheck, eventsLine } from './event-check';
import { DeviceUpgradeState } from './fleet-context';
import { RolloutRecord, rolloutLine, rolloutLines, rolloutProblems } from './rollout-check';
import { webhookProblems, WebhooksCheck, webhooksLine } from './webhook-check';

/** Devices by what they have done with the upgrade; `waiting`: not handed it yet. */
export type UpgradeCounts = Record<DeviceUpgradeState | 'waiting', number>;

/** One live progress snapshot. */
export interface Progress {
  elapsedSeconds: number;
  durationSeconds: number;
  devices: number;
  /** Devices that checked in within two announced intervals. */
  up: number;
  /** Devices whose last check-in answer had `config: null`. */
  inSync: number;
  /** Null until the upgrade is created. */
  upgrades: UpgradeCounts | null;
  requestsPerSecond: number;
  errors: number;
  /** The rollout as last read (null without one, or before it is created or read). */
  rollout: RolloutRecord | null;
  /** The configuration rollout as last read (null without one, or before it is created). */
  configRollout: ConfigRolloutRecord | null;
  /** Distinct events the webhook receiver got (null without one). */
  webhookDeliveries: number | null;
  /** With `--commands`, once the reboot is queued: devices told, and back from it. */
  reboot: { told: number; back: number } | null;
}

export interface Summary {
  /**
   * Every device up, in sync, every upgrade done or failed (with a rollout: done, failed or
   * cancelled, the rollout not running, its reverted devices back), the SSID change propagated
   * (published in stages: the configuration rollout completed, or halted and reverted, and every
   * device running what that leaves it with),
   * the organisation's events what the run caused, and with a webhook receiver every event of
   * the feed delivered, every request's signature verified.
   */
  ok: boolean;
  /** Why `ok` is false (empty when it is true). */
  problems: string[];
  interrupted: boolean;
  url: string;
  organisation_id: number;
  network_id: number;
  devices: number;
  setup_seconds: number;
  /** From the first check-in to the end, the settling included. */
  run_seconds: number;
  /** How long the fleet took to settle after the duration (0: it had settled). */
  settle_seconds: number;
  checkin_interval: number | null;
  up: number;
  in_sync: number;
  upgrade: {
    version: string;
    created_at_seconds: number | null;
    /** The devices' own view. */
    devices: UpgradeCounts;
    /** `GET /upgrades` at the end, counted by `status` (null when not read). */
    server: Record<string, number> | null;
  } | null;
  ssid_change: {
    at_seconds: number | null;
    ssid_name: string;
    /** Devices whose fetched configuration has the new SSID name. */
    devices_with_new_ssid: number;
    propagated: boolean;
  };
  /** Null when the upgrade was not a rollout. */
  rollout: {
    /** `GET /v1/rollouts/:id` at the end (null when it could not be read). */
    record: RolloutRecord | null;
    /** Devices of `reverted` that run the old release again, their revert done (their view). */
    reverted_back: number;
  } | null;
  /**
   * Null when the SSID change was not published in stages (or not made). Otherwise the
   * configuration rollout, and the devices running what its end leaves them with.
   */
  config_rollout: ConfigRolloutCheck | null;
  /** Devices that the service's device records show out of sync at the end (null: not shown). */
  server_out_of_sync: number | null;
  /**
   * The organisation's events of the run (`GET /v1/events`, the feed) by group against what the
   * simulator did and saw (null: the feed could not be read).
   */
  events: EventsCheck | null;
  /**
   * With `--webhook-receiver`: what the receiver got against the feed (null without one).
   */
  webhooks: WebhooksCheck | null;
  /** With `--commands`: the network's reboot, the locate and the ping (null without). */
  commands: CommandsCheck | null;
  requests: {
    total: number;
    per_second: number;
    checkin: number;
    config: number;
    operator: number;
  };
  errors: { total: number; kinds: { kind: string; count: number; example: string }[] };
  /** Answers a careful device would not expect (possible service bugs). */
  anomalies: { total: number; kinds: { kind: string; count: number; example: string }[] };
}

/** The problems that make a run fail; its `ok` is that this is empty. */
export function problemsOf(
  summary: Omit<Summary, 'ok' | 'problems'>,
  upgradeCreated: boolean,
): string[] {
  const problems: string[] = [];
  const n = summary.devices;
  if (summary.up !== n) {
    problems.push(`${n - summary.up} of ${n} devices are not up`);
  }
  if (summary.in_sync !== n) {
    problems.push(`${n - summary.in_sync} of ${n} configurations are not in sync`);
  }
  if (summary.server_out_of_sync) {
    problems.push(`the device records show ${summary.server_out_of_sync} devices out of sync`);
  }
  const upgrade = summary.upgrade;
  if (upgrade && !upgradeCreated) {
    problems.push('the upgrade could not be created');
  } else if (upgrade && summary.rollout) {
    problems.push(...rolloutProblems(upgrade, summary.rollout));
  } else if (upgrade) {
    const unfinished = n - upgrade.devices.done - upgrade.devices.failed;
    if (unfinished > 0) {
      problems.push(`${unfinished} of ${n} devices did not finish the upgrade`);
    }
    const server = upgrade.server;
    const settled = server ? (server.done ?? 0) + (server.failed ?? 0) : 0;
    if (!server) {
      problems.push('the upgrades could not be read back');
    } else if (settled !== n || Object.values(server).reduce((a, b) => a + b, 0) !== n) {
      problems.push(
        `the service shows upgrades ${JSON.stringify(server)}, not ${n} done or failed`,
      );
    }
  }
  if (summary.config_rollout) {
    problems.push(...configRolloutProblems(summary.config_rollout, n));
  } else if (summary.ssid_change.at_seconds !== null && !summary.ssid_change.propagated) {
    const missing = n - summary.ssid_change.devices_with_new_ssid;
    problems.push(`${missing} of ${n} devices do not have the renamed SSID`);
  }
  problems.push(...eventProblems(summary.events));
  problems.push(...webhookProblems(summary.webhooks));
  problems.push(...commandProblems(summary.commands, n));
  return problems;
}

const STATE_LABELS: [keyof UpgradeCounts, string][] = [
  ['waiting', 'waiting'],
  ['downloading', 'downloading'],
  ['installing', 'installing'],
  ['rebooting', 'rebooting'],
  ['done', 'done'],
  ['failed', 'failed'],
];

/** `  42s/120s  up 987/1000  in sync 950/1000  upgrades: … done 970 failed 10  35 req/s  0 errors` */
export function progressLine(p: Progress): string {
  const upgrades = p.upgrades
    ? STATE_LABELS.map(([key, label]) => `${label} ${p.upgrades![key]}`).join(' ')
    : 'none yet';
  return [
    `${Math.floor(p.elapsedSeconds)}s/${p.durationSeconds}s`,
    `up ${p.up}/${p.devices}`,
    `in sync ${p.inSync}/${p.devices}`,
    `upgrades: ${upgrades}`,
    ...(p.rollout ? [rolloutLine(p.rollout)] : []),
    ...(p.configRollout ? [configRolloutLine(p.configRollout)] : []),
    ...(p.webhookDeliveries === null ? [] : [`webhook deliveries ${p.webhookDeliveries}`]),
    ...(p.reboot ? [`reboot back ${p.reboot.back}/${p.reboot.told}`] : []),
    `${p.requestsPerSecond.toFixed(0)} req/s`,
    `${p.errors} errors`,
  ].join('  ');
}

/** The end-of-run report for people (the CLI prints the JSON form with --json). */
export function summaryText(s: Summary): string {
  const lines = [
    `Fleet simulation ${s.ok ? 'passed' : 'FAILED'}${s.interrupted ? ' (interrupted)' : ''}: ${s.devices} devices at ${s.url}, organisation ${s.organisation_id}, network ${s.network_id}`,
    `  setup ${s.setup_seconds.toFixed(1)} s, run ${s.run_seconds.toFixed(1)} s (settling ${s.settle_seconds.toFixed(1)} s), check-in interval ${s.checkin_interval ?? '?'} s`,
    `  up ${s.up}/${s.devices}, configurations in sync ${s.in_sync}/${s.devices}`,
  ];
  if (s.upgrade) {
    const counts = STATE_LABELS.map(([key, label]) => `${label} ${s.upgrade!.devices[key]}`);
    lines.push(`  upgrade to ${s.upgrade.version} (devices): ${counts.join(', ')}`);
    lines.push(`  upgrade to ${s.upgrade.version} (service): ${JSON.stringify(s.upgrade.server)}`);
  }
  if (s.rollout) {
    lines.push(...rolloutLines(s.rollout));
  }
  if (s.config_rollout) {
    lines.push(...configRolloutLines(s.config_rollout));
  } else if (s.ssid_change.at_seconds !== null) {
    lines.push(
      `  SSID renamed to ${s.ssid_change.ssid_name} at ${s.ssid_change.at_seconds.toFixed(1)} s: ${s.ssid_change.devices_with_new_ssid}/${s.devices} devices have it`,
    );
  }
  lines.push(
    `  requests ${s.requests.total} (${s.requests.per_second.toFixed(1)}/s): check-in ${s.requests.checkin}, config ${s.requests.config}, operator ${s.requests.operator}`,
  );
  lines.push(`  ${eventsLine(s.events)}`);
  if (s.webhooks) {
    lines.push(`  ${webhooksLine(s.webhooks)}`);
  }
  if (s.commands) {
    lines.push(...commandsLines(s.commands).map((line) => `  ${line}`));
  }
  lines.push(`  errors ${s.errors.total}`);
  for (const e of s.errors.kinds.slice(0, 10)) {
    lines.push(`    ${e.count} × ${e.kind}  ${e.example}`);
  }
  if (s.anomalies.total > 0) {
    lines.push(`  anomalies ${s.anomalies.total}`);
    for (const a of s.anomalies.kinds.slice(0, 10)) {
      lines.push(`    ${a.count} × ${a.kind}`);
    }
  }
  for (const problem of s.problems) {
    lines.push(`  ✗ ${problem}`);
  }
  return lines.join('\n');
}
