/** What the virtual devices show at a moment of the run, as the summary and the settling read it. */
import type { VirtualDevice } from './device';
import type { FleetContext } from './fleet-context';
import { FROM_VERSION } from './setup';
import type { RolloutRecord } from './rollout-check';
import type { UpgradeCounts } from './summary';

/** Devices that checked in within two announced intervals. */
export function countUp(devices: VirtualDevice[], ctx: FleetContext): number {
  const window = 2 * (ctx.interval ?? 60) * 1000;
  const now = ctx.now();
  return devices.filter((d) => d.lastCheckinAt !== null && now - d.lastCheckinAt <= window).length;
}

export function upgradeCounts(devices: VirtualDevice[]): UpgradeCounts {
  const counts: UpgradeCounts = {
    waiting: 0,
    downloading: 0,
    installing: 0,
    rebooting: 0,
    done: 0,
    failed: 0,
  };
  for (const device of devices) {
    counts[device.upgrade?.state ?? 'waiting']++;
  }
  return counts;
}

/**
 * The rollout run has settled when no device is busy upgrading, the rollout is not running and
 * none of its upgrades is pending or in progress, and every device it reverted is back.
 */
export function rolloutSettled(rollout: RolloutRecord | null, devices: VirtualDevice[]): boolean {
  const busy = (d: VirtualDevice) =>
    d.upgrade !== null && d.upgrade.state !== 'done' && d.upgrade.state !== 'failed';
  return (
    rollout !== null &&
    rollout.state !== 'running' &&
    rollout.stages.every((stage) => stage.pending === 0 && stage.in_progress === 0) &&
    !devices.some(busy) &&
    revertedBack(rollout, devices) === rollout.reverted.length
  );
}

/** Devices of the rollout's `reverted` that run the old release again, their revert done. */
export function revertedBack(rollout: RolloutRecord | null, devices: VirtualDevice[]): number {
  const reverted = new Set((rollout?.reverted ?? []).map((mac) => mac.toUpperCase()));
  return devices.filter(
    (d) =>
      reverted.has(d.identity.mac.toUpperCase()) &&
      d.firmware === FROM_VERSION &&
      d.upgrade?.version === FROM_VERSION &&
      d.upgrade.state === 'done',
  ).length;
}
