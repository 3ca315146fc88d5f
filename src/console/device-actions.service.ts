import { Injectable } from '@nestjs/common';
import { DeviceAssignmentService } from '../access-points/device-assignment.service';
import { InventoryService } from '../access-points/inventory.service';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { TagsService } from '../tags/tags.service';
import { UplinkConfigurationService } from '../access-points/uplink-configuration.service';
import { PageOutcome, refusedTo } from '../web/page-renderer';
import { plural } from '../web/plural';
import { DeviceActionForm, deviceActionOf } from './device-action-form';

/**
 * The console's device actions (issue 29, item 1) on the services of their API routes, so that
 * the same rules decide: claim by MAC or serial (provisioning), move, release, remove, tags and an uplink template (apply_configuration),
 * of one device (its page) or of the devices ticked on the list. Each answers by a redirect to
 * the page it came from, with what was done or the service's refusal as an error message.
 */
@Injectable()
export class DeviceActionsService {
  constructor(
    private readonly assignment: DeviceAssignmentService,
    private readonly inventory: InventoryService,
    private readonly tags: TagsService,
    private readonly uplinks: UplinkConfigurationService,
  ) {}

  /** Claims devices by MAC or serial into a network (SPEC 4.2 provisioning). */
  async claim(user: AuthUser, body: unknown, back: string): Promise<PageOutcome> {
    const form = (body ?? {}) as Record<string, unknown>;
    const entries = (typeof form.devices === 'string' ? form.devices : '')
      .split(/[\s,;]+/)
      .filter((entry) => entry !== '');
    if (entries.length === 0) {
      return refusedTo(back, 'Enter the MAC addresses or serial numbers of the devices to claim.');
    }
    return this.attempt(back, async () => {
      const macs = entries.filter((entry) => normaliseMac(entry) !== null);
      const serials = entries.filter((entry) => normaliseMac(entry) === null);
      if (serials.length > 0) {
        const found = await this.inventory.devicesFromSerial(user, serials.join(','));
        const known = new Set(found.devices.map((d) => d.serial.toLowerCase()));
        const unknown = serials.filter((serial) => !known.has(serial.toLowerCase()));
        if (unknown.length > 0) {
          return refusedTo(back, `No device to claim has the serial number ${unknown.join(', ')}`);
        }
        macs.push(...found.devices.map((d) => d.mac_id));
      }
      const result = await this.assignment.provision(
        user,
        macs.join(','),
        Number(form.network_id),
        'console',
      );
      return done(back, `${plural(result.devices.length, 'device')} claimed: ${result.msg}.`);
    });
  }

  /** Move, release, remove or tags of the devices a form names (MACs). */
  async act(user: AuthUser, body: unknown, back: string, afterRemove = back): Promise<PageOutcome> {
    const action = deviceActionOf(body);
    if ('problem' in action) {
      return refusedTo(back, action.problem);
    }
    return this.attempt(back, () => this.carryOut(user, action, back, afterRemove));
  }

  private async carryOut(
    user: AuthUser,
    action: DeviceActionForm,
    back: string,
    afterRemove: string,
  ): Promise<PageOutcome> {
    const { macs } = action;
    switch (action.kind) {
      case 'move': {
        const result = await this.assignment.move(user, macs, action.networkId, 'console');
        return done(back, `${result.msg}: ${plural(result.devices.length, 'device')}.`);
      }
      case 'release': {
        const result = await this.assignment.release(user, macs, 'console');
        return done(
          back,
          `${plural(result.success_devices.length, 'device')} released from their network.`,
        );
      }
      case 'remove': {
        const result = await this.assignment.remove(user, macs, 'console');
        return done(afterRemove, `${plural(result.success_devices.length, 'device')} removed.`);
      }
      case 'uplinks': {
        await this.uplinks.apply(
          user,
          { mac_ids: macs.join(','), init_template_id: action.templateId },
          'console',
        );
        return done(back, `Uplink template applied to ${plural(macs.length, 'device')}.`);
      }
      case 'tags': {
        const devices = await this.tags.setDeviceTags(
          user,
          { mac_ids: macs.join(','), tag_list: action.tags },
          'console',
        );
        return done(
          back,
          action.tags.length === 0
            ? `Tags cleared on ${plural(devices.length, 'device')}.`
            : `Tags of ${plural(devices.length, 'device')} set to ${action.tags.join(', ')}.`,
        );
      }
    }
  }

  /** The action's outcome, or a refusal of the service (4xx but 403) as the error message. */
  private async attempt(back: string, work: () => Promise<PageOutcome>): Promise<PageOutcome> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof DomainError) || error.httpStatus === 403 || error.httpStatus >= 500) {
        throw error;
      }
      const body = error.body() as { errors?: unknown; failed_devices?: unknown };
      const failed = Array.isArray(body.failed_devices) ? body.failed_devices : [];
      const detail =
        typeof body.errors === 'string'
          ? `: ${body.errors}`
          : failed.length > 0
            ? `: ${failed.join(', ')}`
            : '';
      return refusedTo(back, `${error.message}${detail}`);
    }
  }
}

const done = (location: string, message: string): PageOutcome => ({
  kind: 'redirect',
  location,
  message,
});
