import { configChanged } from '../config-changes/config-changes';
import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ApiErrorCode, ValidationFailedError } from '../common/errors';
import { parseMacs } from '../common/mac/mac';
import { UnitOfWork } from '../database/unit-of-work';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { HardwarePart } from '../catalogue/hardware-part.entity';
import { alreadyTaken, guardUnique } from '../database/unique-violation';
import {
  applyParamsMissing,
  initTemplateNotFound,
  noMatchingDevices,
  uplinkNotApplied,
} from './access-points.errors';
import { ApplyConfigurationDto } from './dto/access-points.dto';
import { CreateInitTemplateDto } from './dto/init-template.dto';
import { InitTemplate, UplinkTemplateDetail } from './init-template.entity';
import { DevicesRepository } from '../devices/devices.repository';
import { InitTemplatesRepository } from './init-templates.repository';
import { NewUplinkRow, UplinksRepository } from '../device-state/uplinks.repository';

export const UPLINK_TYPES = ['1', '2', '3', '4'] as const;

/** Whether a hardware part takes an uplink of this type. */
export function uplinkApplies(type: string, part: HardwarePart): boolean {
  switch (type) {
    case '1':
      return true;
    case '2':
    case '3':
      return part.wifi_uplink;
    case '4':
      return part.usb;
    default:
      return false;
  }
}

const templateView = (template: InitTemplate) => ({
  id: template.id,
  name: template.name,
  details: template.details,
});

/** Uplink (init) templates and applying them to devices (apply_configuration). */
@Injectable()
export class UplinkConfigurationService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly devices: DevicesRepository,
    private readonly templates: InitTemplatesRepository,
    private readonly uplinks: UplinksRepository,
    private readonly changes: ChangeRunner,
    private readonly subjects: DeviceSubjectsRepository,
  ) {}

  /**
   * apply_configuration: every device matching a MAC loses its uplinks and gets those the template
   * details build, or the answer is 422 1016 naming those not saved. A device "fails to save" when
   * it has no hardware part: which uplink types it can take is unknown, so its uplinks are left
   * unchanged and its MAC is named in the 1016 answer; the other devices are still configured. MACs
   * matching no device of the organisation are ignored (only the devices that match count).
   * Constant statements: devices, template, the devices' owner check, one UPDATE marking old
   * uplinks, one INSERT.
   */
  async apply(user: AuthUser, body: ApplyConfigurationDto, via: RequestChannel = 'api') {
    const orgId = user.organisation_id;
    const { valid } = parseMacs(body.mac_ids);
    const name = body.init_template_name?.trim() ? body.init_template_name : undefined;
    if (!body.mac_ids?.trim() || (name === undefined && body.init_template_id === undefined)) {
      throw applyParamsMissing();
    }
    const failed = await this.changes.run(
      orgId,
      async (change) => {
        const devices = await this.devices.findWithHardware(orgId, valid);
        const template =
          name !== undefined
            ? await this.templates.findByName(orgId, name)
            : await this.templates.findById(orgId, body.init_template_id!);
        if (devices.length === 0) {
          throw noMatchingDevices();
        }
        if (!template) {
          throw initTemplateNotFound();
        }
        const configurable = devices.filter((device) => device.hardware_part);
        const rows: NewUplinkRow[] = configurable.flatMap((device) =>
          template.details
            .filter((detail) => uplinkApplies(String(detail.uplink_type), device.hardware_part!))
            .map(({ uplink_type, ...details }) => ({
              device_id: device.id,
              init_template_id: template.id,
              uplink_type: String(uplink_type),
              details,
            })),
        );
        const ids = configurable.map((device) => device.id);
        await this.uplinks.replaceLive(orgId, ids, rows);
        await configChanged(change, { deviceIds: ids });
        const subjects = await this.subjects.of(orgId, ids);
        for (const id of ids) {
          const subject = subjects.get(id);
          if (subject) {
            const data = { init_template_id: template.id };
            change.record(eventOf('uplinks.applied', subject, data, change));
          }
        }
        return devices.filter((device) => !device.hardware_part).map((device) => device.mac_id);
      },
      { actor: userActor(user, via) },
    );
    if (failed.length > 0) {
      throw uplinkNotApplied(failed);
    }
    return { msg: 'Uplink configuration applied' };
  }

  async createTemplate(user: AuthUser, body: CreateInitTemplateDto) {
    const { name, details } = body.init_template;
    const errors = details.flatMap((detail, index) =>
      UPLINK_TYPES.includes(String(detail.uplink_type) as (typeof UPLINK_TYPES)[number]) &&
      ['string', 'number'].includes(typeof detail.uplink_type)
        ? []
        : [`details.${index}.uplink_type must be one of 1, 2, 3, 4`],
    );
    if (errors.length > 0) {
      throw new ValidationFailedError(errors);
    }
    const normalised: UplinkTemplateDetail[] = details.map((detail) => ({
      ...detail,
      uplink_type: String(detail.uplink_type),
    }));
    const taken = () =>
      new ValidationFailedError([alreadyTaken('name')], ApiErrorCode.InvalidParameter);
    return this.unitOfWork.run(async () => {
      if (await this.templates.findByName(user.organisation_id, name)) {
        throw taken();
      }
      const created = await guardUnique(
        () => this.templates.create(user.organisation_id, name, normalised),
        taken,
      );
      return templateView(created);
    });
  }

  async listTemplates(user: AuthUser) {
    const templates = await this.templates.listAll(user.organisation_id);
    return templates.map(templateView);
  }
}
