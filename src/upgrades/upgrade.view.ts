import { Upgrade } from '../firmware/upgrade.entity';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import { RolloutRecord } from './rollout.view';

/** An upgrade as the API returns it (request field names, ISO times in UTC). */
export interface UpgradeRecord {
  id: number;
  version: string;
  upgrade_type: string;
  schedule_type: string;
  schedule_at: string | null;
  time_zone: string | null;
  save_prev_config: boolean;
  aps: string[];
  status: string;
  /** The lifecycle as the device reported it. */
  progress: number | null;
  error: string | null;
  started_at: string | null;
  completed_at: string | null;
  previous_version: string | null;
  rollout_id: number | null;
  revert_of: number | null;
  device_id: number;
  mac_id: string | null;
  organisation_id: number;
  created_at: string;
  updated_at: string;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toUpgradeRecord(upgrade: Upgrade): UpgradeRecord {
  return {
    id: upgrade.id,
    version: upgrade.version,
    upgrade_type: upgrade.upgrade_type,
    schedule_type: upgrade.schedule_type,
    schedule_at: iso(upgrade.schedule_at),
    time_zone: upgrade.time_zone,
    save_prev_config: upgrade.save_prev_config,
    aps: upgrade.aps,
    status: upgrade.status,
    progress: upgrade.progress,
    error: upgrade.error,
    started_at: iso(upgrade.started_at),
    completed_at: iso(upgrade.completed_at),
    previous_version: upgrade.previous_version,
    rollout_id: upgrade.rollout_id,
    revert_of: upgrade.revert_of,
    device_id: upgrade.device_id,
    mac_id: upgrade.device?.mac_id ?? null,
    organisation_id: upgrade.organisation_id,
    created_at: upgrade.created_at.toISOString(),
    updated_at: upgrade.updated_at.toISOString(),
  };
}

/** A firmware release as offered to a user choosing a version (versionsFor). */
export interface UpgradeVersionRecord {
  id: number;
  version: string;
  organisation_id: number | null;
  is_released: boolean;
  /** Hardware part numbers the release has firmware for. */
  part_numbers: string[];
}

export function toVersionRecord(data: UpgradeData): UpgradeVersionRecord {
  return {
    id: data.id,
    version: data.version,
    organisation_id: data.organisation_id,
    is_released: data.is_released,
    part_numbers: Object.keys(data.url ?? {}).sort(),
  };
}

/** What create and update wrote: the message names which of the two it was. */
export interface UpgradeWriteResult {
  message: string;
  upgrades: UpgradeRecord[];
  /** With `upgrade.rollout`: the rollout the written upgrades form. */
  rollout?: RolloutRecord;
  /** The request the written upgrades form; the pages', never in the API's answer. */
  request_id: string;
}
