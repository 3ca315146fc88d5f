/**
 * The admin's side of a configuration rollout run: publishes the SSID change in stages, reads
 * the rollout back while the fleet runs (and reverts it once it halts, when it does not revert
 * by itself), and says when it and the fleet have settled.
 */
import {
  ConfigRolloutCheck,
  ConfigRolloutRecord,
  devicesWithSsid,
  settledSsidName,
} from './config-rollout-check';
import type { VirtualDevice } from './device';
import type { FleetContext } from './fleet-context';
import type { ApiClient } from './http';
import type { ConfigRolloutOptions, SimulationOptions } from './options';
import { fetchConfigRollout, publishRename, revertConfigRollout } from './operator';
import type { Fleet } from './setup';

export class ConfigRolloutWatch {
  /** The rollout as last read (null before it is created). */
  record: ConfigRolloutRecord | null = null;
  revertedByAdmin = false;
  private reading: Promise<void> | null = null;
  private reverting = false;

  private constructor(
    private readonly client: ApiClient,
    private readonly fleet: Fleet,
    private readonly ctx: FleetContext,
    private readonly rollout: ConfigRolloutOptions,
    private readonly names: { before: string; after: string },
  ) {}

  /** The watch of a run with `--config-rollout` (null without). */
  static of(
    options: SimulationOptions,
    client: ApiClient,
    fleet: Fleet,
    ctx: FleetContext,
    newSsidName: string,
  ): ConfigRolloutWatch | null {
    return options.configRollout
      ? new ConfigRolloutWatch(client, fleet, ctx, options.configRollout, {
          before: fleet.ssidName,
          after: newSsidName,
        })
      : null;
  }

  /** The SSID change: a draft with the new name, published in the stages asked for. */
  async publish(): Promise<void> {
    this.record = await publishRename(
      this.client,
      this.fleet,
      this.names.after,
      this.rollout,
      this.ctx,
    );
  }

  /**
   * Reads the rollout again (one read at a time; a call during a read waits for that one); a
   * halted rollout that does not revert by itself the admin reverts, once.
   */
  read(): Promise<void> {
    const id = this.record?.id;
    if (id === undefined) {
      return Promise.resolve();
    }
    this.reading ??= this.readAndRevert(id).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** Created, no longer running, and every device runs the SSID name it leaves them with. */
  settled(devices: VirtualDevice[]): boolean {
    const name = settledSsidName(this.record, this.names);
    return name !== null && devicesWithSsid(devices, name) === devices.length;
  }

  /** The summary's part, from the record read at the end. */
  check(record: ConfigRolloutRecord | null, devices: VirtualDevice[]): ConfigRolloutCheck {
    const name = settledSsidName(record, this.names);
    return {
      record,
      failing_devices: this.ctx.configFailure?.failing.size ?? 0,
      failure_mode: this.ctx.configFailure?.mode ?? 'reject',
      reverted_by_admin: this.revertedByAdmin,
      expected_ssid_name: name,
      devices_with_expected_ssid: devicesWithSsid(devices, name),
    };
  }

  private async readAndRevert(id: number): Promise<void> {
    const record = await fetchConfigRollout(this.client, this.fleet, id, this.ctx);
    this.record = record ?? this.record;
    if (
      record?.state === 'halted' &&
      !record.auto_revert &&
      record.reverted.length === 0 &&
      !this.reverting
    ) {
      this.reverting = true;
      const reverted = await revertConfigRollout(this.client, this.fleet, id, this.ctx);
      this.revertedByAdmin = reverted !== null;
      this.record = reverted ?? this.record;
    }
  }
}
