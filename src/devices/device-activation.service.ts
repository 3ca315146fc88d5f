import { Injectable } from '@nestjs/common';
import { parseMacs } from '../common/mac/mac';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { isUniqueViolation } from '../database/unique-violation';
import { ActivationPlan, invalidMacs, planActivation } from './activation-plan';
import { DevicesRepository } from './devices.repository';

export interface ActivationTarget {
  id: number;
  network_name: string;
}

export interface ActivationOptions {
  /** Provisioning moves the organisation's unassigned devices; network create does not. */
  moveUnassigned: boolean;
}

/** Device ids that were activated, in request order. */
export type ActivatedDeviceIds = number[];

/**
 * The activation shared by network create with `mac_id` and provisioning. It must run inside
 * the caller's transaction: `plan` locks the organisation row (so that concurrent requests
 * never pass the allowed device count), reads what the rule needs and decides (activation-plan.ts)
 * without writing; `apply` writes the plan into a network. Either every MAC is activated or an
 * error is thrown. Constant number of statements whatever the number of MACs.
 */
@Injectable()
export class DeviceActivationService {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly devices: DevicesRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** Locks the organisation and decides; throws 1005 or 1006, writes nothing. */
  async plan(
    orgId: number,
    macInput: string | string[],
    options: ActivationOptions,
  ): Promise<ActivationPlan> {
    const { valid, invalid: malformed } = parseMacs(macInput);
    // Under this lock the kept count is exact: every device write takes it first (DeviceCounts).
    const organisation = await this.organisations.lockForUpdate(orgId);
    const taken = await this.devices.findTakenMacs(valid);
    const master = await this.catalogue.findByMacs(valid);
    return planActivation({
      orgId,
      allowedDeviceCount: organisation.allowed_device_count,
      deviceCount: organisation.device_count,
      valid,
      malformed,
      taken,
      master,
      moveUnassigned: options.moveUnassigned,
    });
  }

  /** Writes a plan: creates and moves the devices into the network; their ids in request order. */
  async apply(
    orgId: number,
    plan: ActivationPlan,
    network: ActivationTarget,
  ): Promise<ActivatedDeviceIds> {
    try {
      await this.devices.insertMany(
        orgId,
        plan.toCreate.map(({ mac, serial, partId }) => ({
          mac_id: mac,
          serial,
          hardware_part_id: partId,
          location_network_id: network.id,
          name: network.network_name,
        })),
      );
    } catch (error) {
      // Another organisation took one of these MACs at the same moment.
      if (isUniqueViolation(error)) {
        throw invalidMacs(plan.toCreate.map((d) => d.mac));
      }
      throw error;
    }
    await this.devices.assignToNetwork(orgId, plan.toMove, network.id, network.network_name);
    const activated = await this.devices.findPlain(orgId, { macs: plan.macs });
    return activated.map((device) => device.id);
  }

  /** `plan` then `apply` (provisioning, whose network exists before the MACs are checked). */
  async activate(
    orgId: number,
    macInput: string | string[],
    network: ActivationTarget,
    options: ActivationOptions,
  ): Promise<ActivatedDeviceIds> {
    return this.apply(orgId, await this.plan(orgId, macInput, options), network);
  }
}
