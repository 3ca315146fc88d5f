import { configChanged } from '../config-changes/config-changes';
import { guardUnique } from '../database/unique-violation';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { deviceView, DeviceView } from '../access-points/device.view';
import { DevicesRepository } from '../devices/devices.repository';
import { AuthUser } from '../common/auth/auth-user';
import { pageRequest, PaginationMeta, paginationMeta } from '../common/pagination/pagination';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { changesOf } from '../event-log/changes';
import { userActor } from '../event-log/event-actor';
import { networkEvent } from './network-events';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import {
  ConfigRollbackDto,
  ListNetworksQueryDto,
  UpdateNetworkFieldsDto,
} from './dto/location-network.dto';
import { LocationNetwork } from '../networks/location-network.entity';
import { deletedNetworkView, NetworkView, networkView } from '../networks/location-network.view';
import {
  NAME_TAKEN,
  networkDestroyFailed,
  networkHasDevices,
  networkNotFound,
  networkUpdateFailed,
  rollbackNetworkNotFound,
  rollbackTemplateNotFound,
} from './location-networks.errors';
import { configChangeBlocked } from '../networks/config-rollout-guard';
import { configRolloutRunning } from '../networks/networks.errors';
import {
  LocationNetworksRepository,
  NetworkFields,
} from '../networks/location-networks.repository';
import { NetworkTemplatesRepository } from '../networks/network-templates.repository';
import { TIME_ZONES } from '../common/time-zones/time-zones';
import { DeviceRecordsService } from '../access-points/device-records.service';

/** Fields applied when the network follows a template with its policy enabled. */
const POLICY_LOCKED_FIELDS = ['network_name', 'template_policy_attributes'] as const;

export type NetworkListing =
  | { kind: 'one'; network: NetworkView }
  | { kind: 'page'; networks: NetworkView[]; meta: PaginationMeta };

/** The location network use cases other than create (NetworkCreationService). */
@Injectable()
export class LocationNetworksService {
  constructor(
    private readonly networks: LocationNetworksRepository,
    private readonly templates: NetworkTemplatesRepository,
    private readonly devices: DevicesRepository,
    private readonly records: DeviceRecordsService,
    private readonly policy: NetworkAccessPolicy,
    private readonly ssids: NetworkSsidsService,
    private readonly changes: ChangeRunner,
  ) {}

  /** One network by name (precedence) or id, else a page of the networks the caller can read. */
  async list(user: AuthUser, query: ListNetworksQueryDto): Promise<NetworkListing> {
    const orgId = user.organisation_id;
    if (query.network_name || query.network_id !== undefined) {
      const { network } = await this.policy.readableWithLevel(
        user,
        query.network_name ? { name: query.network_name } : { id: query.network_id! },
        networkNotFound,
      );
      return { kind: 'one', network: networkView(network) };
    }
    const request = pageRequest(query);
    const readable = await this.policy.readableNetworkIds(user);
    const [rows, count] = await this.networks.page(
      orgId,
      readable,
      request.offset,
      request.perPage,
    );
    return {
      kind: 'page',
      networks: rows.map(networkView),
      meta: paginationMeta(request, count),
    };
  }

  timezones(): readonly string[] {
    return TIME_ZONES;
  }

  async show(user: AuthUser, id: number): Promise<NetworkView> {
    return networkView(await this.readable(user, id));
  }

  /** The network's devices, in a constant number of statements. */
  async devicesOf(user: AuthUser, id: number): Promise<DeviceView[]> {
    const network = await this.readable(user, id);
    const devices = await this.records.findDetailed(user.organisation_id, {
      networkId: network.id,
    });
    return devices.map(deviceView);
  }

  /**
   * Applies the update fields. When the network follows a template with its policy enabled, only
   * network_name and template_policy_attributes are applied and other fields are ignored, as a
   * permit list drops them.
   */
  update(user: AuthUser, id: number, input: UpdateNetworkFieldsDto): Promise<NetworkView> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const network = await this.networks.findById(orgId, id);
        if (!network) {
          throw networkNotFound();
        }
        const locked = network.network_template !== null && network.enable_policy;
        const given = Object.entries(input).filter(
          ([field, value]) =>
            value !== undefined &&
            (!locked || (POLICY_LOCKED_FIELDS as readonly string[]).includes(field)),
        );
        const fields = JSON.parse(JSON.stringify(Object.fromEntries(given))) as NetworkFields;
        if (typeof fields.network_name === 'string') {
          fields.network_name = fields.network_name.trim();
        }
        const errors: string[] = [];
        if (
          fields.network_name &&
          (await this.networks.nameTaken(orgId, fields.network_name, id))
        ) {
          errors.push(NAME_TAKEN);
        }
        const templateId = fields.network_template;
        if (typeof templateId === 'number' && !(await this.templates.findById(orgId, templateId))) {
          errors.push('network_template must be a network template of the organisation');
        }
        if (errors.length > 0) {
          throw networkUpdateFailed(errors);
        }
        const updated = await guardUnique(
          () => this.networks.updateFields(orgId, id, fields),
          () => networkUpdateFailed([NAME_TAKEN]),
        );
        if (
          updated.network_name !== network.network_name ||
          updated.timezone !== network.timezone
        ) {
          // Its devices' configuration shows its name and time zone.
          await configChanged(change, { networkIds: [id] });
        }
        const view = networkView(updated);
        const changed = changesOf({ ...networkView(network) }, { ...view }, Object.keys(fields));
        change.record(networkEvent('network.updated', updated, { changes: changed }, change));
        return view;
      },
      { actor: userActor(user) },
    );
  }

  /**
   * Deletes a network without devices; its SSIDs and access grants go with it. The network's row
   * is locked first, as a draft's publish locks it: a staged publish that starts a configuration
   * rollout meanwhile either commits first (this delete then sees the rollout: 409 1051) or waits
   * for this one (and finds no network).
   */
  destroy(user: AuthUser, id: number) {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const network = await this.networks.findLocked(orgId, id);
        if (!network) {
          throw networkNotFound();
        }
        if (configChangeBlocked(network)) {
          throw configRolloutRunning();
        }
        if ((await this.devices.countMatching(orgId, { networkId: id })) > 0) {
          throw networkHasDevices(networkView(network));
        }
        let deleted: number;
        try {
          deleted = await this.networks.remove(orgId, id);
        } catch (error) {
          // The database refused the delete, e.g. a device arrived after the check and the
          // foreign key (RESTRICT) refuses it.
          if (error instanceof QueryFailedError && !isDatabaseUnavailable(error)) {
            throw networkDestroyFailed();
          }
          throw error;
        }
        if (deleted !== 1) {
          throw networkDestroyFailed();
        }
        change.record(networkEvent('network.deleted', network, {}, change));
        return deletedNetworkView(network);
      },
      { actor: userActor(user) },
    );
  }

  /**
   * config_rollback: the template must be the organisation's; the SSIDs given
   * become the network's complete list; the network then follows that template. All or nothing.
   */
  rollbackConfiguration(
    user: AuthUser,
    networkId: number,
    input: ConfigRollbackDto,
  ): Promise<{ message: string }> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const network = await this.networks.findById(orgId, networkId);
        if (!network) {
          throw rollbackNetworkNotFound();
        }
        if (configChangeBlocked(network)) {
          throw configRolloutRunning();
        }
        const template = await this.templates.findById(orgId, input.network_template_id);
        if (!template) {
          throw rollbackTemplateNotFound();
        }
        await this.ssids.replaceNetworkSsids(
          orgId,
          networkId,
          input.configuration.ssid_configuration,
        );
        await this.networks.updateFields(orgId, networkId, { network_template: template.id });
        change.record(
          networkEvent(
            'network.rolled_back',
            network,
            { network_template_id: template.id },
            change,
          ),
        );
        return { message: 'Network configuration rolled back' };
      },
      { actor: userActor(user) },
    );
  }

  /** The organisation's network if the caller may read it; 404 1001 otherwise. */
  private readable(user: AuthUser, id: number): Promise<LocationNetwork> {
    return this.policy.readable(user, id, networkNotFound);
  }
}
