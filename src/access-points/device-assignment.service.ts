import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ApiErrorCode, CodedError, PlainMsgError } from '../common/errors';
import { normaliseMac, parseMacs } from '../common/mac/mac';
import { networkNotFound } from '../networks/networks.errors';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import {
  moveTargetNotFound,
  noDeviceFound,
  noDevicesGiven,
  provisioningMacMissing,
} from './access-points.errors';
import { DeviceActivationService } from '../devices/device-activation.service';
import { deviceView } from './device.view';
import { Device } from '../devices/device.entity';
import { DevicesRepository } from '../devices/devices.repository';
import { parseId } from './parse-id';
import { LocationNetwork } from '../networks/location-network.entity';
import { DeviceRecordsService } from './device-records.service';
import { Change } from '../fleet-change/change';
import { configChanged } from '../config-changes/config-changes';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { enteringEvents, leavingEvents } from './device-events';
import { ClientStationsService } from '../device-state/client-stations.service';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { FirmwarePorts } from '../firmware/firmware-ports';

/** The outcome of release_devices / remove_devices (200, or 422 when some or all failed). */
interface BatchOutcome {
  handled: Device[];
  /** Found devices that could not be handled. */
  refused: Device[];
  /** Entries that matched no device of the organisation (malformed ones as given). */
  missing: string[];
}

/**
 * Where devices are: provisioning into a network, moving between networks, releasing from a
 * network and removing from the inventory. Each use case is one transaction and a constant
 * number of SQL statements whatever the number of devices.
 */
@Injectable()
export class DeviceAssignmentService {
  constructor(
    private readonly changes: ChangeRunner,
    private readonly devices: DevicesRepository,
    private readonly records: DeviceRecordsService,
    private readonly activation: DeviceActivationService,
    private readonly access: NetworkAccessPolicy,
    private readonly firmware: FirmwarePorts,
    private readonly networks: LocationNetworksRepository,
    private readonly stations: ClientStationsService,
  ) {}

  /** A network of the organisation the caller may write to, or `notFound()`. */
  private async writableNetwork(
    user: AuthUser,
    rawId: unknown,
    notFound: () => CodedError,
  ): Promise<LocationNetwork> {
    return this.access.writable(user, parseId(rawId), notFound);
  }

  async provision(
    user: AuthUser,
    macInput: string | undefined,
    rawNetworkId: unknown,
    via: RequestChannel = 'api',
  ) {
    if (!macInput || macInput.trim() === '' || macInput.split(',').every((m) => !m.trim())) {
      throw provisioningMacMissing();
    }
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const network = await this.writableNetwork(user, rawNetworkId, networkNotFound);
        const plan = await this.activation.plan(orgId, macInput, { moveUnassigned: true });
        const ids = await this.activation.apply(orgId, plan, network);
        await configChanged(change, { deviceIds: ids });
        const devices = await this.records.findDetailed(orgId, { ids });
        const moved = new Set(plan.toMove);
        for (const event of enteringEvents(
          // Provisioning moves only devices in no network.
          devices.map((d) => ({ id: d.id, mac_id: d.mac_id, name: d.name, from: null })),
          new Set(ids.filter((id) => !moved.has(id))),
          { id: network.id, network_name: network.network_name },
          change,
        )) {
          change.record(event);
        }
        return {
          msg: `Devices provisioned into network ${network.network_name}`,
          devices: devices.map(deviceView),
        };
      },
      { actor: userActor(user, via) },
    );
  }

  async release(user: AuthUser, entries: string[] | undefined, via: RequestChannel = 'api') {
    return this.runBatch(user, via, entries, ApiErrorCode.ReleaseFailed, 'released', {
      canHandle: (found) =>
        Promise.resolve(
          new Set(found.filter((d) => d.location_network_id !== null).map((d) => d.id)),
        ),
      handle: async (ids, change, found) => {
        await this.recordLeaving(change, 'device.released', found);
        await this.devices.assignToNetwork(user.organisation_id, ids, null);
        await configChanged(change, { deviceIds: ids });
      },
    });
  }

  /**
   * Remove destroys the device with its uplinks, tags, heartbeat and upgrades (which leave their
   * rollouts), ending its clients' sessions (which stay). A device whose firmware upgrade is in progress cannot be removed: it goes into
   * failed_devices.
   */
  async remove(user: AuthUser, entries: string[] | undefined, via: RequestChannel = 'api') {
    const orgId = user.organisation_id;
    return this.runBatch(user, via, entries, ApiErrorCode.RemoveFailed, 'removed', {
      canHandle: async (found) => {
        const busy = new Set(
          await this.records.findIdsWithUpgradeInProgress(
            orgId,
            found.map((d) => d.id),
          ),
        );
        return new Set(found.filter((d) => !busy.has(d.id)).map((d) => d.id));
      },
      handle: async (ids, change, found) => {
        await this.recordLeaving(change, 'device.removed', found);
        // Their clients' sessions end now, while their heartbeat records hold the live values.
        await this.stations.endOnDevices(orgId, ids, change.at);
        await this.firmware.devices.removing(change, ids, () =>
          this.devices.deleteMany(orgId, ids),
        );
      },
    });
  }

  private async runBatch(
    user: AuthUser,
    via: RequestChannel,
    entries: string[] | undefined,
    failedCode: ApiErrorCode,
    verb: string,
    step: {
      canHandle: (found: Device[]) => Promise<Set<number>>;
      /** Handles these devices (`found`: their records before), in the change. */
      handle: (ids: number[], change: Change, found: Device[]) => Promise<unknown>;
    },
  ) {
    const orgId = user.organisation_id;
    const { valid, invalid } = parseMacs(entries ?? []);
    if (valid.length + invalid.length === 0) {
      throw noDevicesGiven();
    }
    // The organisation first, as every device write (DeviceCounts) and upgrade write takes it:
    // remove locks rollouts next, which an upgrade write locks after the organisation.
    const outcome = await this.changes.run(
      orgId,
      async (change): Promise<BatchOutcome> => {
        const found = await this.devices.findPlain(orgId, { macs: valid });
        const foundMacs = new Set(found.map((d) => d.mac_id));
        const missing = [...valid.filter((mac) => !foundMacs.has(mac)), ...invalid];
        if (found.length === 0) {
          return { handled: [], refused: [], missing };
        }
        const handleable = await step.canHandle(found);
        const handled = found.filter((d) => handleable.has(d.id));
        await step.handle(
          handled.map((d) => d.id),
          change,
          handled,
        );
        return { handled, refused: found.filter((d) => !handleable.has(d.id)), missing };
      },
      { lockOrganisation: true, actor: userActor(user, via) },
    );
    const { handled, refused, missing } = outcome;
    if (handled.length + refused.length === 0) {
      throw noDeviceFound();
    }
    const success_devices = handled.map((d) => d.mac_id);
    const failed_devices = [...refused.map((d) => d.mac_id), ...missing];
    if (refused.length === 0) {
      return { msg: `Devices ${verb}`, success_devices, failed_devices };
    }
    if (handled.length > 0) {
      throw new PlainMsgError(422, `Some devices could not be ${verb}`, {
        success_devices,
        failed_devices,
      });
    }
    throw new CodedError(failedCode, `No device could be ${verb}`, {
      success_devices,
      failed_devices,
    });
  }

  /**
   * Moves devices into the target network. Each entry is first matched as an inventory id of
   * the organisation, else as a MAC; entries matching neither fail. Devices already in the
   * target network count as moved.
   */
  async move(
    user: AuthUser,
    entries: (number | string)[] | undefined,
    rawNetworkId: unknown,
    via: RequestChannel = 'api',
  ) {
    const given = (entries ?? [])
      .filter((e) => typeof e === 'number' || typeof e === 'string')
      .map((e) => String(e).trim())
      .filter((e) => e !== '');
    if (given.length === 0) {
      throw noDevicesGiven();
    }
    const orgId = user.organisation_id;
    const { moved, failed, network } = await this.changes.run(
      orgId,
      async (change) => {
        const target = await this.writableNetwork(user, rawNetworkId, moveTargetNotFound);
        const ids = given.map(parseId).filter((id): id is number => id !== null);
        const byId = new Map(
          (await this.devices.findPlain(orgId, { ids })).map((d) => [String(d.id), d]),
        );
        const rest = given.filter((entry) => !byId.has(String(parseId(entry))));
        const restMacs = rest.map((entry) => normaliseMac(entry)).filter((m): m is string => !!m);
        const byMac = new Map(
          (await this.devices.findPlain(orgId, { macs: restMacs })).map((d) => [d.mac_id, d]),
        );
        const matched = new Map<number, Device>();
        const failedEntries: string[] = [];
        for (const entry of given) {
          const device = byId.get(String(parseId(entry))) ?? byMac.get(normaliseMac(entry) ?? '');
          if (device) {
            matched.set(device.id, device);
          } else {
            failedEntries.push(normaliseMac(entry) ?? entry);
          }
        }
        for (const event of enteringEvents(
          [...matched.values()].map((d) => ({ ...d, from: d.location_network_id })),
          new Set(),
          { id: target.id, network_name: target.network_name },
          change,
        )) {
          change.record(event);
        }
        await this.devices.assignToNetwork(orgId, [...matched.keys()], target.id);
        await configChanged(change, { deviceIds: [...matched.keys()] });
        const records = await this.records.findDetailed(orgId, { ids: [...matched.keys()] });
        return { moved: records.map(deviceView), failed: failedEntries, network: target };
      },
      { lockOrganisation: true, actor: userActor(user, via) },
    );
    if (failed.length > 0) {
      throw new CodedError(ApiErrorCode.MoveFailed, 'Some devices could not be moved', {
        devices: moved,
        failed_devices: failed,
      });
    }
    return { msg: `Devices moved to network ${network.network_name}`, devices: moved };
  }

  /** The `device.released` or `device.removed` of these devices, naming the network each leaves. */
  private async recordLeaving(
    change: Change,
    type: 'device.released' | 'device.removed',
    devices: Device[],
  ): Promise<void> {
    const from = [...new Set(devices.flatMap((d) => d.location_network_id ?? []))];
    const networks = new Map(
      (await this.networks.findByIds(change.orgId, from)).map((n) => [
        n.id,
        { id: n.id, network_name: n.network_name },
      ]),
    );
    for (const event of leavingEvents(
      type,
      devices.map((d) => ({ ...d, from: d.location_network_id })),
      networks,
      change,
    )) {
      change.record(event);
    }
  }
}
