import { Injectable } from '@nestjs/common';
import { deviceView } from '../access-points/device.view';
import { DevicesRepository } from '../devices/devices.repository';
import { AuthUser } from '../common/auth/auth-user';
import { ApiErrorCode, CodedError } from '../common/errors';
import { parseMacs } from '../common/mac/mac';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { SetDeviceTagsDto } from './dto/tags.dto';
import { TagsRepository } from '../devices/tags.repository';
import { DeviceRecordsService } from '../access-points/device-records.service';

const noDevice = () =>
  new CodedError(ApiErrorCode.DeviceNotFound, 'No device of the organisation matches mac_ids');

/** Device tags of an organisation. */
@Injectable()
export class TagsService {
  constructor(
    private readonly changes: ChangeRunner,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly tags: TagsRepository,
    private readonly devices: DevicesRepository,
    private readonly records: DeviceRecordsService,
  ) {}

  async list(user: AuthUser) {
    const tags = await this.tags.listAll(user.organisation_id);
    return tags.map(({ id, name }) => ({ id, name }));
  }

  /**
   * Replaces the tags of the matching devices with tag_list, creating the organisation's missing
   * tags. MACs matching no device are ignored; none matching answers 404 1011. Constant
   * statements whatever the number of devices and tags.
   */
  async setDeviceTags(user: AuthUser, body: SetDeviceTagsDto, via: RequestChannel = 'api') {
    const orgId = user.organisation_id;
    const names = [...new Set(body.tag_list.map((name) => name.trim()).filter(Boolean))];
    const { valid } = parseMacs(body.mac_ids);
    return this.changes.run(
      orgId,
      async (change) => {
        const devices = await this.devices.findPlain(orgId, { macs: valid });
        if (devices.length === 0) {
          throw noDevice();
        }
        const ids = devices.map((device) => device.id);
        const tags = await this.tags.ensure(orgId, names);
        await this.tags.replaceDeviceTags(
          ids,
          tags.map((tag) => tag.id),
        );
        const subjects = await this.subjects.of(orgId, ids);
        for (const id of ids) {
          const subject = subjects.get(id);
          if (subject) {
            change.record(eventOf('tags.updated', subject, { tag_list: names }, change));
          }
        }
        const records = await this.records.findDetailed(orgId, { ids });
        return records.map(deviceView);
      },
      { actor: userActor(user, via) },
    );
  }
}
