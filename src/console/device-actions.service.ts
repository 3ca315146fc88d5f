import { Injectable } from '@nestjs/common';
import { DeviceAssignmentService } from '../access-points/device-assignment.service';
import { InventoryService } from '../access-points/inventory.service';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { TagsService } from '../tags/tags.service';
import { UplinkConfigurationService } from '../access-points/uplink-configuration.service';
import { exact, formFields, orRefusedTo } from '../web/form';
import { Redirect, redirectTo, refusedTo } from '../web/page-outcome';
import { plural } from '../web/plural';
import { DeviceActionForm, deviceActionOf } from './device-action-form';

/**
 * The console's device actions on the services of their API routes, so that the same rules
 * decide: claim by MAC or serial (provisioning), move, release, remove, tags and an uplink
 * template (apply_configuration), of one device (its page) or of the devices ticked on the
 * list. Each answers by a redirect to the page it came from, with what was done or the
 * service's refusal as an error message.
 */
@Injectable()
export class DeviceActionsService {
  constructor(
    private readonly assignment: DeviceAssignmentService,
    private readonly inventory: InventoryService,
    private readonly tags: TagsService,
    private readonly uplinks: UplinkConfigurationService,
  ) {}

  /** Claims devices by MAC or serial into a network (as provisioning does). */
  async claim(user: AuthUser, body: unknown, back: string): Promise<Redirect> {
    const form = formFields(body);
    const entries = exact(form.devices)
      .split(/[\s,;]+/)
      .filter((entry) => entry !== '');
    if (entries.length === 0) {
      return refusedTo(back, 'Enter the MAC addresses or serial numbers of the devices to claim.');
    }
    return orRefusedTo(
      back,
      async () => {
        const macs = entries.filter((entry) => normaliseMac(entry) !== null);
        const serials = entries.filter((entry) => normaliseMac(entry) === null);
        if (serials.length > 0) {
          const found = await this.inventory.devicesFromSerial(user, serials.join(','));
          const known = new Set(found.devices.map((d) => d.serial.toLowerCase()));
          const unknown = serials.filter((serial) => !known.has(serial.toLowerCase()));
          if (unknown.length > 0) {
            return refusedTo(
              back,
              `No device to claim has the serial number ${unknown.join(', ')}`,
            );
          }
          macs.push(...found.devices.map((d) => d.mac_id));
        }
        const result = await this.assignment.provision(
          user,
          macs.join(','),
          Number(form.network_id),
          'console',
        );
        return redirectTo(
          back,
          `${plural(result.devices.length, 'device')} claimed: ${result.msg}.`,
        );
      },
      actionRefusal,
    );
  }

  /** Move, release, remove or tags of the devices a form names (MACs). */
  async act(user: AuthUser, body: unknown, back: string, afterRemove = back): Promise<Redirect> {
    const action = deviceActionOf(body);
    if ('problem' in action) {
      return refusedTo(back, action.problem);
    }
    return orRefusedTo(back, () => this.carryOut(user, action, back, afterRemove), actionRefusal);
  }

  private async carryOut(
    user: AuthUser,
    action: DeviceActionForm,
    back: string,
    afterRemove: string,
  ): Promise<Redirect> {
    const { macs } = action;
    switch (action.kind) {
      case 'move': {
        const result = await this.assignment.move(user, macs, action.networkId, 'console');
        return redirectTo(back, `${result.msg}: ${plural(result.devices.length, 'device')}.`);
      }
      case 'release': {
        const result = await this.assignment.release(user, macs, 'console');
        return redirectTo(
          back,
          `${plural(result.success_devices.length, 'device')} released from their network.`,
        );
      }
      case 'remove': {
        const result = await this.assignment.remove(user, macs, 'console');
        return redirectTo(
          afterRemove,
          `${plural(result.success_devices.length, 'device')} removed.`,
        );
      }
      case 'uplinks': {
        await this.uplinks.apply(
          user,
          { mac_ids: macs.join(','), init_template_id: action.templateId },
          'console',
        );
        return redirectTo(back, `Uplink template applied to ${plural(macs.length, 'device')}.`);
      }
      case 'tags': {
        const devices = await this.tags.setDeviceTags(
          user,
          { mac_ids: macs.join(','), tag_list: action.tags },
          'console',
        );
        return redirectTo(
          back,
          action.tags.length === 0
            ? `Tags cleared on ${plural(devices.length, 'device')}.`
            : `Tags of ${plural(devices.length, 'device')} set to ${action.tags.join(', ')}.`,
        );
      }
    }
  }
}

/** A refusal of the service (4xx but 403) in words: its message, the values or devices it names. */
function actionRefusal(error: unknown): string | null {
  if (!(error instanceof DomainError) || error.httpStatus === 403 || error.httpStatus >= 500) {
    return null;
  }
  const body = error.body() as { errors?: unknown; failed_devices?: unknown };
  const failed = Array.isArray(body.failed_devices) ? body.failed_devices : [];
  const detail =
    typeof body.errors === 'string'
      ? `: ${body.errors}`
      : failed.length > 0
        ? `: ${failed.join(', ')}`
        : '';
  return `${error.message}${detail}`;
}
