import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { normaliseMac } from '../common/mac/mac';
import { DevicesRepository } from '../devices/devices.repository';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { ChangeRunner } from '../fleet-change/change-runner.service';
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
          const subject = (await this.subjects.of(orgId, [device.id])).get(device.id);
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
        const [record] = await this.records.findDetailed(orgId, { ids: [device.id] });
        return deviceView(record);
      },
      { actor: userActor(user, via) },
    );
  }
}
