import { configChanged } from '../config-changes/config-changes';
import { guardUnique } from '../database/unique-violation';
import { Injectable } from '@nestjs/common';
import { DeviceActivationService } from '../devices/device-activation.service';
import { AuthUser } from '../common/auth/auth-user';
import { DomainError } from '../common/errors';
import { splitList } from '../common/mac/mac';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { userActor } from '../event-log/event-actor';
import { eventOf } from '../event-log/event-of';
import { networkEvent } from './network-events';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { CreateNetworkFieldsDto } from './dto/location-network.dto';
import { LocationNetwork } from '../networks/location-network.entity';
import { NetworkView, networkView } from '../networks/location-network.view';
import {
  cloneSourceMissing,
  cloneSourceNotFound,
  NAME_TAKEN,
  networkSaveFailed,
} from './location-networks.errors';
import {
  LocationNetworksRepository,
  NetworkFields,
} from '../networks/location-networks.repository';
import { isTimeZone } from '../common/time-zones/time-zones';

const MAX_NAME = 255;

/**
 * Network create. One transaction: when the answer is an
 * error, no network and no device exist afterwards.
 */
@Injectable()
export class NetworkCreationService {
  constructor(
    private readonly networks: LocationNetworksRepository,
    private readonly activation: DeviceActivationService,
    private readonly ssids: NetworkSsidsService,
    private readonly changes: ChangeRunner,
    private readonly subjects: DeviceSubjectsRepository,
  ) {}

  create(user: AuthUser, input: CreateNetworkFieldsDto): Promise<NetworkView> {
    const orgId = user.organisation_id;
    const macs = splitList(input.mac_id);
    // With MACs, the organisation is locked before the network is inserted: the insert takes a
    // key-share lock on the organisation row (foreign key) that would deadlock with the
    // activation's lock.
    return this.changes.run(
      orgId,
      async (change) => {
        const { source, refusal } = await this.checkCloneAndFields(orgId, input);
        if (refusal && macs.length === 0) {
          throw refusal;
        }
        // The MAC rule comes first (invalid MACs are answered before the clone source and the
        // save): decided before anything is written, then applied to the network once it exists.
        const plan =
          macs.length > 0
            ? await this.activation.plan(orgId, macs, { moveUnassigned: false })
            : null;
        if (refusal) {
          throw refusal;
        }
        const network = await this.insert(orgId, this.fieldsOf(user, input, source));
        const entered = { id: network.id, network_name: network.network_name };
        change.record(networkEvent('network.created', network, {}, change));
        if (plan) {
          const ids = await this.activation.apply(orgId, plan, entered);
          await configChanged(change, { deviceIds: ids });
          const subjects = await this.subjects.of(orgId, ids);
          for (const id of ids) {
            const device = subjects.get(id)?.device ?? null;
            change.record(
              eventOf(
                'device.claimed',
                { device, network: entered },
                { network_id: network.id },
                change,
              ),
            );
          }
        }
        if (source) {
          await this.ssids.copySsids(orgId, source.id, network.id);
        }
        return networkView(network);
      },
      { lockOrganisation: macs.length > 0, actor: userActor(user) },
    );
  }

  /** Rules 2 and 3 without writing: the clone source, or the error these rules answer. */
  private async checkCloneAndFields(
    orgId: number,
    input: CreateNetworkFieldsDto,
  ): Promise<{ source: LocationNetwork | null; refusal: DomainError | null }> {
    let source: LocationNetwork | null = null;
    if (input.network_configuration === 'clone') {
      const name = input.cloned_network_name?.trim();
      if (!name && input.cloned_network_id === undefined) {
        return { source, refusal: cloneSourceMissing() };
      }
      source = name
        ? await this.networks.findByName(orgId, name)
        : await this.networks.findById(orgId, input.cloned_network_id!);
      if (!source) {
        return { source, refusal: cloneSourceNotFound() };
      }
    }
    const errors = await this.fieldErrors(orgId, input);
    return { source, refusal: errors.length > 0 ? networkSaveFailed(errors) : null };
  }

  private async fieldErrors(orgId: number, input: CreateNetworkFieldsDto): Promise<string[]> {
    const errors: string[] = [];
    const name = input.network_name?.trim() ?? '';
    if (!name) {
      errors.push("network_name can't be blank");
    } else if (name.length > MAX_NAME) {
      errors.push(`network_name is too long (maximum is ${MAX_NAME} characters)`);
    } else if (await this.networks.nameTaken(orgId, name)) {
      errors.push(NAME_TAKEN);
    }
    if (!input.timezone) {
      errors.push("timezone can't be blank");
    } else if (!isTimeZone(input.timezone)) {
      errors.push('timezone must be one of the listed time zones');
    }
    return errors;
  }

  /** What the new network stores; a clone copies its source's settings. */
  private fieldsOf(
    user: AuthUser,
    input: CreateNetworkFieldsDto,
    source: LocationNetwork | null,
  ): NetworkFields & { network_name: string } {
    const own = {
      network_name: input.network_name!.trim(),
      timezone: input.timezone!,
      user_id: user.id,
      network_configuration: input.network_configuration ?? null,
      tag_list: input.tag_list ?? [],
    };
    if (!source) {
      return { ...own, cloned_network_id: null };
    }
    return {
      ...own,
      cloned_network_id: source.id,
      presence: source.presence,
      presence_url: source.presence_url,
      vendor_type: source.vendor_type,
      network_template: source.network_template,
      template_adherence: source.template_adherence,
      enable_policy: source.enable_policy,
      template_policy_attributes: source.template_policy_attributes,
      tag_list: input.tag_list ?? source.tag_list ?? [],
    };
  }

  /** A concurrent create that wins the unique name index answers 1004 here, never 500. */
  private async insert(
    orgId: number,
    fields: NetworkFields & { network_name: string },
  ): Promise<LocationNetwork> {
    return guardUnique(
      () => this.networks.insert(orgId, fields),
      () => networkSaveFailed([NAME_TAKEN]),
    );
  }
}
