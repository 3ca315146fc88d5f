import { Injectable } from '@nestjs/common';
import { DeviceAssignmentService } from '../access-points/device-assignment.service';
import { InventoryService } from '../access-points/inventory.service';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { TagsService } from '../tags/tags.service';
import { DeviceLabelsService } from '../access-points/device-labels.service';
import { UplinkConfigurationService } from '../access-points/uplink-configuration.service';
import { FleetStatusService } from '../access-points/fleet-status.service';
import { MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import { MAX_PER_PAGE } from '../common/pagination/pagination';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { exact, formFields, orRefusedTo } from '../web/form';
import { PageOutcome, Redirect, redirectTo, refusedTo, show, Shown } from '../web/page-outcome';
import { plural } from '../web/plural';
import { DeviceListQuery, deviceStatusesRequest } from './console-query';
import { BULK_CONFIRM, BulkConfirmModel } from './console-views';
import { DeviceActionForm, deviceActionOf } from './device-action-form';

/** What a form on every match posts again once confirmed (all it carries but the CSRF token). */
const CARRIED_FIELDS = [
  'action',
  'scope',
  'filter',
  'return',
  'network_id',
  'tags',
  'init_template_id',
  'label',
];

/**
 * The console's device actions on the services of their API routes, so that the same rules
 * decide: claim by MAC or serial (provisioning), move, release, remove, tags and an uplink
 * template (apply_configuration), of one device (its page), of the devices ticked on the
 * list or of every device the list's filters match. Each answers by a redirect to the page it
 * came from, with what was done or the service's refusal as an error message; an action on every
 * match first asks, naming their number.
 */
@Injectable()
export class DeviceActionsService {
  constructor(
    private readonly assignment: DeviceAssignmentService,
    private readonly inventory: InventoryService,
    private readonly tags: TagsService,
    private readonly uplinks: UplinkConfigurationService,
    private readonly fleet: FleetStatusService,
    private readonly networks: LocationNetworksRepository,
    private readonly labels: DeviceLabelsService,
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

  /**
   * Move, release, remove, tags or uplinks of the devices a form names (MACs), or of every device
   * its filters match: those are read as the list reads them (what the user may see), at most as
   * many as a bulk request of the API takes, and the action is asked first (`confirmed=yes`).
   */
  async act(user: AuthUser, body: unknown, back: string, afterRemove = back): Promise<PageOutcome> {
    const action = deviceActionOf(body);
    if ('problem' in action) {
      return refusedTo(back, action.problem);
    }
    const { filter } = action;
    if (filter === undefined) {
      return orRefusedTo(back, () => this.carryOut(user, action, back, afterRemove), actionRefusal);
    }
    return orRefusedTo<PageOutcome>(
      back,
      async () => {
        const matched = await this.matching(user, filter);
        if ('problem' in matched) {
          return refusedTo(back, matched.problem);
        }
        const form = formFields(body);
        if (form.confirmed !== 'yes') {
          return this.confirmation(user, { ...action, macs: matched.macs }, form, back);
        }
        return this.carryOut(user, { ...action, macs: matched.macs }, back, afterRemove);
      },
      actionRefusal,
    );
  }

  /** The MACs of every device the filters match, or why the action cannot take them. */
  private async matching(
    user: AuthUser,
    filter: DeviceListQuery,
  ): Promise<{ macs: string[] } | { problem: string }> {
    const macs: string[] = [];
    for (let page = 1; ; page++) {
      const request = deviceStatusesRequest(filter, page, MAX_PER_PAGE);
      const { devices, meta } = await this.fleet.consoleStatuses(
        user,
        request.query,
        request.filter,
      );
      if (meta.count === 0) {
        return { problem: 'No device matches the filters.' };
      }
      if (meta.count > MAX_LIST_ENTRIES) {
        return {
          problem: `The filters match ${meta.count.toLocaleString('en')} devices; an action takes at most ${MAX_LIST_ENTRIES.toLocaleString('en')}: narrow the filters.`,
        };
      }
      macs.push(...devices.map((device) => device.mac_id));
      if (meta.next === null) {
        return { macs };
      }
    }
  }

  /** The page that asks for an action on every match, naming how many devices it takes. */
  private async confirmation(
    user: AuthUser,
    action: DeviceActionForm,
    form: Record<string, unknown>,
    back: string,
  ): Promise<Shown<BulkConfirmModel>> {
    const devices = `the ${plural(action.macs.length, 'device')} that match the filters`;
    let question: string;
    let yes: string;
    switch (action.kind) {
      case 'move': {
        const [network] = await this.networks.findByIds(user.organisation_id, [action.networkId]);
        const name = network?.network_name ?? `network ${action.networkId}`;
        question = `Move ${devices} to ${name}?`;
        yes = `Yes, move ${plural(action.macs.length, 'device')}`;
        break;
      }
      case 'release':
        question = `Release ${devices} from their network?`;
        yes = `Yes, release ${plural(action.macs.length, 'device')}`;
        break;
      case 'remove':
        question = `Remove ${devices} from the organisation, with their tags, heartbeat and pending upgrade?`;
        yes = `Yes, remove ${plural(action.macs.length, 'device')}`;
        break;
      case 'tags':
        question =
          action.tags.length === 0
            ? `Clear the tags of ${devices}?`
            : `Set the tags of ${devices} to ${action.tags.join(', ')}?`;
        yes = `Yes, set the tags of ${plural(action.macs.length, 'device')}`;
        break;
      case 'label':
        question = `Label ${devices}?`;
        yes = 'Yes, label it';
        break;
      case 'uplinks':
        question = `Apply the uplink template to ${devices}?`;
        yes = `Yes, apply it to ${plural(action.macs.length, 'device')}`;
        break;
    }
    return show(BULK_CONFIRM, {
      title: `Act on ${plural(action.macs.length, 'device')}`,
      section: 'devices',
      question,
      count: action.macs.length,
      yes,
      danger: action.kind === 'remove',
      fields: CARRIED_FIELDS.flatMap((name) =>
        typeof form[name] === 'string' ? [{ name, value: form[name] }] : [],
      ),
      back,
    });
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
      case 'label': {
        const device = await this.labels.setLabel(user, macs[0], action.label, 'console');
        return redirectTo(
          back,
          device.label === null ? 'Label cleared.' : `Label set to ${device.label}.`,
        );
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
