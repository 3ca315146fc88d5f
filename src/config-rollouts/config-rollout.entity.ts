import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { References } from '../database/references';
import { Device } from '../devices/device.entity';
import { LocationNetwork } from '../networks/location-network.entity';
import { OrganisationRecord, OrganisationScoped } from '../organisations/organisation-record';
import { SsidValues } from '../network-ssids/network-ssid.fields';

export const CONFIG_ROLLOUT_STATES = ['running', 'halted', 'completed'] as const;
export type ConfigRolloutState = (typeof CONFIG_ROLLOUT_STATES)[number];

/** One SSID a rollout gives its devices: the draft's entry (id null: an SSID it creates). */
export interface RolloutSsid {
  id: number | null;
  values: SsidValues;
}

/** One stage as stored: its percentage, when it opened and finished (null until then). */
export interface ConfigRolloutStage {
  percent: number;
  opened_at: string | null;
  finished_at: string | null;
}

/**
 * A staged publish of a network's draft: the network's devices at creation split into stages
 * that are given the draft's SSIDs one after another, watched, halted (and by default reverted)
 * when too many fail, and on completion the draft's SSIDs become the network's. The stages are a
 * short JSON list, always read, locked and written with the row.
 */
@Entity('config_rollouts')
@Index('IDX_config_rollouts_org', ['organisation_id'])
@Index('IDX_config_rollouts_network', ['location_network_id', 'id'])
// The periodic work's one statement across organisations: the rollouts still running.
@Index('IDX_config_rollouts_running', ['organisation_id'], { where: "state = 'running'" })
export class ConfigRollout extends OrganisationRecord {
  @Column({ type: 'integer' })
  location_network_id: number;

  @References(() => LocationNetwork, 'location_network_id', 'CASCADE')
  location_network?: LocationNetwork;

  @Column({ type: 'varchar', length: 16, default: 'running' })
  state: ConfigRolloutState;

  /** The network's configuration version the draft was based on (its version while running). */
  @Column({ type: 'integer' })
  base_version: number;

  /** The SSIDs it gives its devices, in draft order. Holds WPA keys: never logged. */
  @Column({ type: 'simple-json' })
  ssids: RolloutSsid[];

  /** The draft's diff at publish time (keys masked). */
  @Column({ type: 'simple-json' })
  diff: Record<string, unknown>;

  @Column({ type: 'simple-json' })
  stages: ConfigRolloutStage[];

  /** The halt threshold; may have decimals. */
  @Column({ type: 'double precision' })
  max_failure_percent: number;

  @Column({ type: 'integer' })
  watch_seconds: number;

  @Column({ type: 'boolean' })
  auto_revert: boolean;

  @Column({ type: 'integer', default: 0 })
  stage_wait_seconds: number;

  /** When the waiting next stage opens (null when no stage waits). */
  @Column({ type: Date, nullable: true })
  next_stage_at: Date | null;

  /** MACs of the devices given the network's configuration again by a revert. */
  @Column({ type: 'simple-json' })
  reverted: string[];

  /** When it was reverted (null: not reverted): its devices have the network's configuration. */
  @Column({ type: Date, nullable: true })
  reverted_at: Date | null;

  /** The user who published it, as they were then. */
  @Column({ type: 'integer' })
  created_by_id: number;

  @Column({ type: 'varchar', length: 255 })
  created_by_email: string;

  @CreateDateColumn()
  created_at: Date;

  /** When it was halted or completed. */
  @Column({ type: Date, nullable: true })
  finished_at: Date | null;
}

export const CONFIG_OUTCOMES = ['pending', 'waiting', 'succeeded', 'failed', 'skipped'] as const;
export type ConfigOutcome = (typeof CONFIG_OUTCOMES)[number];

/**
 * A device of a configuration rollout: its stage and place, and its outcome, moved only by
 * conditional updates (the check-in's report, the periodic work of every instance).
 */
@Entity('config_rollout_devices')
@Index('UQ_config_rollout_devices', ['config_rollout_id', 'device_id'], { unique: true })
@Index('IDX_config_rollout_devices_device', ['device_id'])
@Index('IDX_config_rollout_devices_waiting', ['config_rollout_id'], {
  where: "outcome = 'waiting'",
})
export class ConfigRolloutDevice extends OrganisationScoped {
  @Column({ type: 'integer' })
  config_rollout_id: number;

  @References(() => ConfigRollout, 'config_rollout_id', 'CASCADE')
  config_rollout?: ConfigRollout;

  @Column({ type: 'integer' })
  device_id: number;

  @References(() => Device, 'device_id', 'CASCADE')
  device?: Device;

  /** Its stage, from 1. */
  @Column({ type: 'integer' })
  stage: number;

  /** Its place in the rollout's order, from 0. */
  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  outcome: ConfigOutcome;

  /** When it first reported running the rollout's revision (null: not yet). */
  @Column({ type: Date, nullable: true })
  reported_at: Date | null;

  /** When it succeeds if it stays UP: reported_at + watch_seconds. */
  @Column({ type: Date, nullable: true })
  succeeds_at: Date | null;

  /** Its heartbeat record's `silent_since` as its stage opened: a later one means it went DOWN. */
  @Column({ type: Date, nullable: true })
  silent_since: Date | null;

  /** Why it failed: the configuration error it reported, or that it went DOWN. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;
}
