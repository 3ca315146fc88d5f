import { configChanged } from '../config-changes/config-changes';
import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { normaliseMac } from '../common/mac/mac';
import { DevicesRepository } from '../devices/devices.repository';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { Change } from '../fleet-change/change';
import { ForbiddenError, ValidationFailedError } from '../common/errors';
import { Device } from '../devices/device.entity';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { deviceNotFound } from './access-points.errors';
import { DeviceRecordsService } from './device-records.service';
import { deviceView, DeviceView } from './device.view';

/**
 * Device labels: the operator's own name for each access point (the record's `name` is the name
 * of the network it was last activated in, shared by every device of it).
 */
@Injectable()
export class DeviceLabelsService {
  constructor(
    private readonly changes: ChangeRunner,
    private readonly devices: DevicesRepository,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly records: DeviceRecordsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  /**
   * Sets (null: clears) the label of the organisation's device with this MAC (any form) and
   * answers its record. Admins label any device; members the devices of the networks they have
   * `full` access to (read-only: 403 1029). A device the caller cannot read (another
   * organisation's, a network without a grant, or no network for a member) answers 404 1011 as a
   * missing one. `device.labelled` is recorded only when the label changes.
   */
  async setLabel(
    user: AuthUser,
    macInput: string,
    label: string | null,
    via: RequestChannel = 'api',
  ): Promise<DeviceView> {
    const orgId = user.organisation_id;
    const mac = normaliseMac(macInput);
    if (mac === null) {
      throw deviceNotFound();
    }
    return this.changes.run(
      orgId,
      async (change) => {
        const device = await this.devices.findForLabel(orgId, mac);
        if (!device) {
          throw deviceNotFound();
        }
        if (user.role !== 'admin') {
          if (device.location_network_id === null) {
            throw deviceNotFound();
          }
          await this.access.assertCanWrite(user, device.location_network_id, deviceNotFound);
        }
        if (device.label !== label) {
          await this.devices.setLabel(orgId, device.id, label);
          await configChanged(change, { deviceIds: [device.id] });
          await this.recordLabelled(change, [{ device, label }]);
        }
        const [record] = await this.records.findDetailed(orgId, { ids: [device.id] });
        return deviceView(record);
      },
      { actor: userActor(user, via) },
    );
  }

  /**
   * Sets the labels of many devices at once (a sheet of MAC and label, MACs normalised, each
   * once), all or none, in a constant number of statements whatever their number. A MAC that is
   * not a device the caller may read is named in a 422 1030 (as a missing target, whether it is
   * another organisation's or in a network the member has no grant on); a device in a network
   * the member may only read refuses the whole sheet (403 1029). Answers how many labels changed
   * and how many were already so.
   */
  async setLabels(
    user: AuthUser,
    entries: { mac: string; label: string | null }[],
    via: RequestChannel = 'api',
  ): Promise<{ labelled: number; unchanged: number }> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const found = await this.devices.findForLabels(
          orgId,
          entries.map((entry) => entry.mac),
        );
        const levels = await this.access.levelsByNetwork(user);
        const levelOf = (device: Device) =>
          levels === 'all'
            ? 'full'
            : device.location_network_id === null
              ? undefined
              : levels.get(device.location_network_id);
        const readable = new Map(
          found.filter((device) => levelOf(device) !== undefined).map((d) => [d.mac_id, d]),
        );
        const unknown = entries.filter((entry) => !readable.has(entry.mac));
        if (unknown.length > 0) {
          throw new ValidationFailedError(
            unknown.map((entry) => `${entry.mac} is not a device of this organisation`),
          );
        }
        if ([...readable.values()].some((device) => levelOf(device) !== 'full')) {
          throw new ForbiddenError(
            'Your access to the network of some of these devices is read-only',
          );
        }
        const changed = entries
          .map((entry) => ({ device: readable.get(entry.mac)!, label: entry.label }))
          .filter(({ device, label }) => device.label !== label);
        await this.devices.setLabels(
          orgId,
          changed.map(({ device, label }) => ({ id: device.id, label })),
        );
        await configChanged(change, { deviceIds: changed.map(({ device }) => device.id) });
        await this.recordLabelled(change, changed);
        return { labelled: changed.length, unchanged: entries.length - changed.length };
      },
      { actor: userActor(user, via) },
    );
  }

  /** `device.labelled` for each device whose label changed: one read of their subjects. */
  private async recordLabelled(
    change: Change,
    changed: { device: Device; label: string | null }[],
  ): Promise<void> {
    if (changed.length === 0) {
      return;
    }
    const subjects = await this.subjects.of(
      change.orgId,
      changed.map(({ device }) => device.id),
    );
    for (const { device, label } of changed) {
      const subject = subjects.get(device.id);
      if (subject) {
        change.record(
          eventOf(
            'device.labelled',
            subject,
            { changes: { label: { from: device.label, to: label } } },
            change,
          ),
        );
      }
    }
  }
}
