import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { TIME_ZONES } from '../../common/time-zones/time-zones';
import { UnitOfWork } from '../../database/unit-of-work';
import { DevicesRepository } from '../../devices/devices.repository';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { NetworkTemplatesRepository } from '../../networks/network-templates.repository';
import { formErrors, orFormAgain, orRefusedTo, showForm } from '../../web/form';
import { PageOutcome, Redirect, redirectTo, Shown, show } from '../../web/page-outcome';
import { plural } from '../../web/plural';
import { options } from '../../web/select-options';
import { NetworkView } from '../../networks/location-network.view';
import { LocationNetworksService } from '../location-networks.service';
import { NetworkCreationService } from '../network-creation.service';
import {
  BLANK_NETWORK_FORM,
  NETWORK_FORM_FIELDS,
  NetworkFormValues,
  networkFormOf,
  readNetworkForm,
  toNetworkCreate,
  toNetworkUpdate,
} from './network-form';
import {
  NETWORK_DELETE,
  NETWORK_FORM,
  NetworkDeleteModel,
  NetworkFormModel,
} from './network-page-views';

/**
 * The console's network forms for admins, as the JSON routes allow them: create (name, time
 * zone, template) on NetworkCreationService, edit and delete on LocationNetworksService. A
 * refusal (422) shows the form again with each message beside its field and the values as
 * typed; a write is the API's own, with its events.
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

  newForm(user: AuthUser): Promise<Shown<NetworkFormModel>> {
    return this.form(user, null, BLANK_NETWORK_FORM);
  }

  async editForm(user: AuthUser, id: number): Promise<Shown<NetworkFormModel>> {
    const network = await this.networks.show(user, id);
    return this.form(user, network, networkFormOf(network));
  }

  /**
   * Create, then the template (which create does not take) in the same transaction: a refused
   * template leaves no network behind.
   */
  create(user: AuthUser, body: unknown): Promise<PageOutcome<NetworkFormModel>> {
    const values = readNetworkForm(body);
    return orFormAgain(
      async () => {
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
        return redirectTo(`/networks/${network.id}`, `Network ${network.network_name} created.`);
      },
      (messages) => this.form(user, null, values, messages),
    );
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome<NetworkFormModel>> {
    const network = await this.networks.show(user, id);
    const values = readNetworkForm(body);
    return orFormAgain(
      async () => {
        const updated = await this.networks.update(user, id, toNetworkUpdate(values));
        return redirectTo(`/networks/${id}`, `Network ${updated.network_name} saved.`);
      },
      (messages) => this.form(user, network, values, messages),
    );
  }

  /** The confirmation, naming the network, its devices and its SSIDs. */
  async deleteForm(user: AuthUser, id: number): Promise<Shown<NetworkDeleteModel>> {
    const network = await this.networks.show(user, id);
    const devices = await this.devices.countMatching(user.organisation_id, { networkId: id });
    const ssids = await this.ssids.list(user, { network_id: id });
    return show(NETWORK_DELETE, {
      title: `Delete ${network.network_name}`,
      section: 'networks',
      network: { id, name: network.network_name },
      devices,
      devicesText: plural(devices, 'device'),
      ssidsText: plural(ssids.length, 'SSID'),
    });
  }

  /** Deletes; a refusal (devices arrived: 1008) goes back to the network with its message. */
  async destroy(user: AuthUser, id: number): Promise<Redirect> {
    await this.networks.show(user, id);
    return orRefusedTo(`/networks/${id}`, async () => {
      const deleted = await this.networks.destroy(user, id);
      return redirectTo('/networks', `Network ${deleted.network_name} deleted.`);
    });
  }

  private async form(
    user: AuthUser,
    network: NetworkView | null,
    values: NetworkFormValues,
    messages: string[] = [],
  ): Promise<Shown<NetworkFormModel>> {
    const templates = await this.templates.findAll(user.organisation_id);
    const locked = network !== null && network.network_template !== null && network.enable_policy;
    const lockedTemplate = locked ? templates.find((t) => t.id === network.network_template) : null;
    const home = network ? `/networks/${network.id}` : '/networks';
    return showForm(NETWORK_FORM, {
      title: network ? `Edit ${network.network_name}` : 'New network',
      section: 'networks',
      network: network && { id: network.id, name: network.network_name },
      locked,
      lockedTemplate: lockedTemplate ? { id: lockedTemplate.id, name: lockedTemplate.name } : null,
      values,
      errors: formErrors(messages, NETWORK_FORM_FIELDS),
      timezones: TIME_ZONES.map((name) => ({ name, selected: name === values.timezone })),
      templates: options(
        templates
          .map((t) => ({ value: String(t.id), label: t.name }))
          .sort((a, b) => a.label.localeCompare(b.label)),
        values.network_template,
      ),
      action: home,
      cancel: home,
    });
  }
}
