import { MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import { TargetDevice } from '../devices/devices.repository';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import { Upgrade } from '../firmware/upgrade.entity';
import { releaseForPart, resolveRelease, resolveSchedule, UpgradeInput } from './upgrade-rules';
import { parseTargets, targetProblem, UpgradeTargets } from '../firmware/upgrade-targets';
import {
  firmwareMissing,
  invalidTargets,
  noMatchingDevices,
  noTargets,
  tooManyTargets,
} from './upgrades.errors';

/** A device an upgrade write targets, with the pending upgrade it already has (if any). */
export interface TargetedDevice extends TargetDevice {
  pending_id: number | null;
}

/** What the write path reads before it decides (under the organisation's and rollouts' locks). */
export interface UpgradeWriteFacts {
  /** The pending upgrade being updated; null for a create. */
  existing: Upgrade | null;
  /** Every release visible to the organisation, released or not. */
  releases: UpgradeData[];
  includeUnreleased: boolean;
  /** Which of the targets' network and tag ids are the organisation's. */
  ownNetworkIds: ReadonlySet<number>;
  ownTagIds: ReadonlySet<number>;
  /** The organisation's devices the targets match (`targetsOf`). */
  devices: TargetedDevice[];
}

/** What one create or update writes. */
export interface UpgradeWritePlan {
  attributes: ReturnType<typeof resolveSchedule> & {
    version: string;
    upgrade_type: string;
    save_prev_config: boolean;
  };
  /** The devices that get a pending upgrade: a new one, or their pending one rewritten. */
  devices: TargetedDevice[];
  /** A create that took no pending upgrade ("created"), else "updated". */
  created: boolean;
}

/**
 * The targets whose devices the write reads: `aps` parsed (none when there are more than the
 * list limit: the plan refuses them unread), with an update's own device always among them.
 */
export function targetsOf(input: UpgradeInput, existing: Upgrade | null): UpgradeTargets {
  const aps = input.aps ?? [];
  const targets = parseTargets(aps.length > MAX_LIST_ENTRIES ? [] : aps);
  return existing
    ? { ...targets, deviceIds: [...new Set([existing.device_id, ...targets.deviceIds])] }
    : targets;
}

/**
 * The rules of upgrade create and update, decided over the facts, in the order their errors are
 * answered: the schedule, the release (one must exist; unless manual, the newest), the targets
 * (their form, their owner, that they match devices), the firmware for every targeted device's
 * hardware (by `releaseForPart`), then what is written (a device's pending upgrade is rewritten).
 */
export function planUpgradeWrite(facts: UpgradeWriteFacts, input: UpgradeInput): UpgradeWritePlan {
  const { existing, releases, includeUnreleased } = facts;
  const schedule = resolveSchedule(input, existing);
  const { upgradeType, release } = resolveRelease(input, existing, releases, includeUnreleased);
  const aps = input.aps;
  if (!existing && (!aps || aps.length === 0)) {
    throw noTargets();
  }
  if (aps && aps.length > MAX_LIST_ENTRIES) {
    throw tooManyTargets();
  }
  const problem = targetProblem(targetsOf(input, existing), {
    ownNetworkIds: facts.ownNetworkIds,
    ownTagIds: facts.ownTagIds,
    deviceIds: new Set(facts.devices.map((d) => d.id)),
  });
  if (problem === 'none') {
    throw noMatchingDevices();
  }
  if (problem !== null) {
    throw invalidTargets(problem.invalid);
  }
  const withoutFirmware = facts.devices.filter(
    (d) => !releaseForPart(releases, release.version, d.part_number, includeUnreleased),
  );
  if (withoutFirmware.length > 0) {
    throw firmwareMissing(
      release.version,
      withoutFirmware.map((d) => d.mac_id),
    );
  }
  return {
    attributes: {
      version: release.version,
      upgrade_type: upgradeType,
      save_prev_config: input.save_prev_config ?? existing?.save_prev_config ?? false,
      ...schedule,
    },
    devices: facts.devices,
    created: !existing && facts.devices.every((d) => d.pending_id === null),
  };
}
