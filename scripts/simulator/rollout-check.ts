/** A rollout run (`--rollout`): the record the admin reads back, what fails the run, its lines. */
import { FROM_VERSION } from './setup';
import type { Summary } from './summary';

/** A rollout record as `GET /v1/rollouts/:id` shows it. */
export interface RolloutRecord {
  id: number;
  version: string;
  state: 'running' | 'halted' | 'completed';
  max_failure_percent: number;
  failure_percent: number;
  auto_revert: boolean;
  stages: {
    percent: number;
    devices: number;
    opened_at: string | null;
    pending: number;
    in_progress: number;
    done: number;
    failed: number;
    cancelled: number;
  }[];
  reverted: string[];
  not_reverted: string[];
  created_at: string;
  finished_at: string | null;
}

/**
 * A rollout run ends with no device busy upgrading, every upgrade done, failed or cancelled (the
 * reverts included), the rollout halted or completed, and every device it reverted back on the
 * old release.
 */
export function rolloutProblems(
  upgrade: NonNullable<Summary['upgrade']>,
  rollout: NonNullable<Summary['rollout']>,
): string[] {
  const problems: string[] = [];
  const busy = upgrade.devices.downloading + upgrade.devices.installing + upgrade.devices.rebooting;
  if (busy > 0) {
    problems.push(`${busy} devices did not finish their upgrade`);
  }
  const server = upgrade.server;
  if (!server) {
    problems.push('the upgrades could not be read back');
  } else if (Object.keys(server).some((s) => !['done', 'failed', 'cancelled'].includes(s))) {
    problems.push(
      `the service shows upgrades ${JSON.stringify(server)}, not all done, failed or cancelled`,
    );
  }
  const record = rollout.record;
  if (!record) {
    problems.push('the rollout could not be read back');
    return problems;
  }
  if (record.state === 'running') {
    problems.push('the rollout is still running');
  }
  if (rollout.reverted_back !== record.reverted.length) {
    problems.push(
      `${record.reverted.length - rollout.reverted_back} of ${record.reverted.length} reverted devices are not back on ${FROM_VERSION}`,
    );
  }
  return problems;
}

/** `rollout halted stage 1/3 failed 25.00 % / max 10 %, reverted 2` */
export function rolloutLine(r: RolloutRecord): string {
  const opened = r.stages.filter((stage) => stage.opened_at !== null).length;
  return `rollout ${r.state} stage ${opened}/${r.stages.length} failed ${r.failure_percent.toFixed(2)} % / max ${r.max_failure_percent} %, reverted ${r.reverted.length}`;
}

/** The rollout's lines of the summary text. */
export function rolloutLines(rollout: NonNullable<Summary['rollout']>): string[] {
  const lines: string[] = [];
  const r = rollout.record;
  if (r) {
    const stages = r.stages.map(
      (st) =>
        `${st.percent} %: ${st.devices} devices, ${st.done} done, ${st.failed} failed, ${st.cancelled} cancelled${st.opened_at === null ? ' (not opened)' : ''}`,
    );
    lines.push(`  ${rolloutLine(r)}${r.auto_revert ? '' : ' (no auto-revert)'}`);
    lines.push(`    stages: ${stages.join('; ')}`);
    if (r.auto_revert) {
      lines.push(
        `    reverted ${r.reverted.length} (${rollout.reverted_back} back on ${FROM_VERSION}), not reverted ${r.not_reverted.length}`,
      );
    }
  } else {
    lines.push('  rollout: could not be read');
  }
  return lines;
}
