/**
 * A configuration rollout run (`--config-rollout`): the record the admin reads back, when the
 * fleet has settled, what fails the run, its lines.
 */
import type { VirtualDevice } from './device';
import type { ConfigFailureMode } from './options';

/** A configuration rollout record as `GET /v1/config_rollouts/:id` shows it. */
export interface ConfigRolloutRecord {
  id: number;
  state: 'running' | 'halted' | 'completed';
  max_failure_percent: number;
  failure_percent: number;
  watch_seconds: number;
  auto_revert: boolean;
  stages: {
    percent: number;
    devices: number;
    opened_at: string | null;
    waiting: number;
    succeeded: number;
    failed: number;
    skipped: number;
  }[];
  reverted: string[];
  created_at: string;
  finished_at: string | null;
}

/** The summary's part of a configuration rollout run. */
export interface ConfigRolloutCheck {
  /** `GET /v1/config_rollouts/:id` at the end (null when it could not be read). */
  record: ConfigRolloutRecord | null;
  /** The devices made to fail its configuration, and how. */
  failing_devices: number;
  failure_mode: ConfigFailureMode;
  /** Whether the admin reverted it (a halted rollout without auto_revert). */
  reverted_by_admin: boolean;
  /**
   * The SSID name every device should run at the end: the new one when the rollout completed,
   * the network's old one when it halted and was reverted (null while it runs).
   */
  expected_ssid_name: string | null;
  /** Devices whose fetched configuration has that name. */
  devices_with_expected_ssid: number;
}

/** The SSID name a settled rollout leaves every device with (null: not settled). */
export function settledSsidName(
  record: ConfigRolloutRecord | null,
  names: { before: string; after: string },
): string | null {
  if (record === null || record.state === 'running') {
    return null;
  }
  if (record.state === 'completed') {
    return names.after;
  }
  return record.reverted.length > 0 ? names.before : null;
}

/** Devices running the SSID name `name`. */
export function devicesWithSsid(devices: VirtualDevice[], name: string | null): number {
  return name === null ? 0 : devices.filter((d) => d.ssidNames.includes(name)).length;
}

/**
 * A configuration rollout run ends with the rollout halted and reverted, or completed, and every
 * device running what that leaves it: the network's SSIDs as they were, or the new ones.
 */
export function configRolloutProblems(check: ConfigRolloutCheck, devices: number): string[] {
  const record = check.record;
  if (!record) {
    return ['the configuration rollout could not be read back'];
  }
  if (record.state === 'running') {
    return ['the configuration rollout is still running'];
  }
  if (record.state === 'halted' && record.reverted.length === 0) {
    return ['the configuration rollout halted and was not reverted'];
  }
  const missing = devices - check.devices_with_expected_ssid;
  return missing > 0
    ? [`${missing} of ${devices} devices do not run the SSID ${check.expected_ssid_name}`]
    : [];
}

/** `config rollout halted stage 1/3 failed 20.00 % / max 0 %, reverted 5` */
export function configRolloutLine(r: ConfigRolloutRecord): string {
  const opened = r.stages.filter((stage) => stage.opened_at !== null).length;
  return `config rollout ${r.state} stage ${opened}/${r.stages.length} failed ${r.failure_percent.toFixed(2)} % / max ${r.max_failure_percent} %, reverted ${r.reverted.length}`;
}

/** The configuration rollout's lines of the summary text. */
export function configRolloutLines(check: ConfigRolloutCheck): string[] {
  const r = check.record;
  if (!r) {
    return ['  configuration rollout: could not be read'];
  }
  const stages = r.stages.map(
    (st) =>
      `${st.percent} %: ${st.devices} devices, ${st.succeeded} succeeded, ${st.failed} failed, ${st.skipped} skipped, ${st.waiting} waiting${st.opened_at === null ? ' (not opened)' : ''}`,
  );
  const by = check.reverted_by_admin ? ' by the admin' : '';
  return [
    `  ${configRolloutLine(r)}${r.reverted.length > 0 ? by : ''} (${check.failing_devices} devices made to fail: ${check.failure_mode})`,
    `    stages: ${stages.join('; ')}`,
    `    SSID ${check.expected_ssid_name ?? '?'}: ${check.devices_with_expected_ssid} devices run it`,
  ];
}
