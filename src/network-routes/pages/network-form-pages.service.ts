import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { TIME_ZONES } from '../../common/time-zones/time-zones';
import { UnitOfWork } from '../../database/unit-of-work';
import { DevicesRepository } from '../../devices/devices.repository';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { NetworkTemplatesRepository } from '../../networks/network-templates.repository';
import { PageOutcome, refusedTo } from '../../web/page-renderer';
import { plural } from '../../web/plural';
import { NetworkView } from '../location-network.view';
import { LocationNetworksService } from '../location-networks.service';
import { NetworkCreationService } from '../network-creation.service';
import { fieldErrors, refusalMessages } from './field-errors';
import {
  BLANK_NETWORK_FORM,
  NETWORK_FORM_FIELDS,
  NetworkFormValues,
  networkFormOf,
  readNetworkForm,
  toNetworkCreate,
  toNetworkUpdate,
} from './network-form';

const FORM = 'network-routes/pages/views/network-form';
const DELETE = 'network-routes/pages/views/network-delete';

/**
 * The console's network forms (issue 29) for admins, as the JSON routes allow them: create
 * (name, time zone, template) on NetworkCreationService, edit and delete on
 * LocationNetworksService. A refusal (422) shows the form again with each message beside its
 * field and the values as typed; a write is the API's own, with its events.
 */
@Injectable()
export class NetworkFormPagesService {
  constructor(
    private readonly networks: LocationNetworksService,
    private readonly creation: NetworkCreationService,
    private readonly templates: NetworkTemplatesRepository,
    private readonly devices: DevicesRepository,
    private readonly ssids: NetworkSsidsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  newForm(user: AuthUser): Promise<PageOutcome> {
    return this.form(user, null, BLANK_NETWORK_FORM, []);
  }

  async editForm(user: AuthUser, id: number): Promise<PageOutcome> {
    const network = await this.networks.show(user, id);
    return this.form(user, network, networkFormOf(network), []);
  }

  /**
   * Create, then the template (which create does not take) in the same transaction: a refused
   * template leaves no network behind.
   */
  async create(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readNetworkForm(body);
    try {
      const network = await this.unitOfWork.run(async () => {
        const created = await this.creation.create(user, toNetworkCreate(values));
        if (values.network_template === '') {
          return created;
        }
        return this.networks.update(user, created.id, {
          network_template: toNetworkUpdate({ ...values, timezone: created.timezone })
            .network_template,
        });
      });
      return {
        kind: 'redirect',
        location: `/networks/${network.id}`,
        message: `Network ${network.network_name} created.`,
      };
    } catch (error) {
      return this.refused(user, error, null, values);
    }
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome> {
    const network = await this.networks.show(user, id);
    const values = readNetworkForm(body);
    try {
      const updated = await this.networks.update(user, id, toNetworkUpdate(values));
      return {
        kind: 'redirect',
        location: `/networks/${id}`,
        message: `Network ${updated.network_name} saved.`,
      };
    } catch (error) {
      return this.refused(user, error, network, values);
    }
  }

  /** The confirmation, naming the network, its devices and its SSIDs. */
  async deleteForm(user: AuthUser, id: number): Promise<PageOutcome> {
    const network = await this.networks.show(user, id);
    const devices = await this.devices.countMatching(user.organisation_id, { networkId: id });
    const ssids = await this.ssids.list(user, { network_id: id });
    return page(DELETE, {
      title: `Delete ${network.network_name}`,
      section: 'networks',
      network: { id, name: network.network_name },
      devices,
      devicesText: plural(devices, 'device'),
      ssidsText: plural(ssids.length, 'SSID'),
    });
  }

  /** Deletes; a refusal (devices arrived: 1008) goes back to the network with its message. */
  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.networks.show(user, id);
    try {
      const deleted = await this.networks.destroy(user, id);
      return {
        kind: 'redirect',
        location: '/networks',
        message: `Network ${deleted.network_name} deleted.`,
      };
    } catch (error) {
      const messages = refusalMessages(error);
      if (messages === null) {
        throw error;
      }
      return refusedTo(`/networks/${id}`, messages.join(', '));
    }
  }

  private refused(
    user: AuthUser,
    error: unknown,
    network: NetworkView | null,
    values: NetworkFormValues,
  ): Promise<PageOutcome> {
    const messages = refusalMessages(error);
    if (messages === null) {
      throw error;
    }
    return this.form(user, network, values, messages);
  }

  private async form(
    user: AuthUser,
    network: NetworkView | null,
    values: NetworkFormValues,
    messages: string[],
  ): Promise<PageOutcome> {
    const templates = await this.templates.findAll(user.organisation_id);
    const locked = network !== null && network.network_template !== null && network.enable_policy;
    const errors = fieldErrors(messages, NETWORK_FORM_FIELDS);
    return page(
      FORM,
      {
        title: network ? `Edit ${network.network_name}` : 'New network',
        section: 'networks',
        network: network && { id: network.id, name: network.network_name },
        locked,
        lockedTemplate: locked ? templates.find((t) => t.id === network.network_template) : null,
        values,
        refused: messages.length > 0,
        messages,
        errors: errors.byField,
        timezones: TIME_ZONES.map((name) => ({ name, selected: name === values.timezone })),
        templates: templates
          .map((t) => ({
            id: t.id,
            name: t.name,
            selected: String(t.id) === values.network_template,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        action: network ? `/networks/${network.id}` : '/networks',
        cancel: network ? `/networks/${network.id}` : '/networks',
      },
      messages.length > 0 ? 422 : 200,
    );
  }
}

export function page(
  template: string,
  context: Record<string, unknown>,
  status = 200,
): PageOutcome {
  return { kind: 'page', template, context, status };
}
