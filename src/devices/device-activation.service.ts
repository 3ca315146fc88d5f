import { Injectable } from '@nestjs/common';
import { ApiErrorCode, CodedError } from '../common/errors';
import { parseMacs } from '../common/mac/mac';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { isUniqueViolation } from '../database/unique-violation';
import { DevicesRepository } from './devices.repository';

export interface ActivationTarget {
  id: number;
  network_name: string;
}

export interface ActivationOptions {
  /**
   * Provisioning (SPEC 4.2 rule 2) moves the organisation's unassigned devices into the network;
   * network create does not (CONTRACT 7: such a MAC is invalid there).
   */
  moveUnassigned: boolean;
}

/** Device ids that were activated, in request order. */
export type ActivatedDeviceIds = number[];

/**
 * The activation rule shared by network create with `mac_id` and provisioning (SPEC 4.1 rules 1
 * and 4, SPEC 4.2 rules 2 to 4, CONTRACT 7 "Devices"). It must run inside the caller's
 * transaction: it locks the organisation row so that concurrent requests never pass the allowed
 * device count, and it either activates every MAC or throws, leaving nothing changed.
 * Constant number of statements whatever the number of MACs.
 */
@Injectable()
export class DeviceActivationService {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly devices: DevicesRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  async activate(
    orgId: number,
    macInput: string | string[],
    network: ActivationTarget,
    options: ActivationOptions,
  ): Promise<ActivatedDeviceIds> {
    const { valid, invalid: malformed } = parseMacs(macInput);
    const organisation = await this.organisations.lockForUpdate(orgId);
    const deviceCount = await this.devices.countInOrganisation(orgId);
    const taken = new Map((await this.devices.findTakenMacs(valid)).map((d) => [d.mac_id, d]));
    const master = new Map((await this.catalogue.findByMacs(valid)).map((m) => [m.mac_id, m]));

    const invalid = [...malformed];
    const refusedForLimit: string[] = [];
    const toMove: number[] = [];
    const toCreate: { mac: string; serial: string; partId: number }[] = [];
    for (const mac of valid) {
      const existing = taken.get(mac);
      const record = master.get(mac);
      if (existing) {
        const movable =
          options.moveUnassigned &&
          existing.organisation_id === orgId &&
          existing.location_network_id === null;
        if (movable) {
          toMove.push(existing.id);
        } else {
          invalid.push(mac);
        }
      } else if (!record) {
        invalid.push(mac);
      } else if (deviceCount + toCreate.length >= organisation.allowed_device_count) {
        refusedForLimit.push(mac);
        invalid.push(mac);
      } else {
        toCreate.push({ mac, serial: record.serial, partId: record.hardware_part_id });
      }
    }

    if (invalid.length > 0) {
      throw refusedForLimit.length > 0
        ? new CodedError(
            ApiErrorCode.DeviceLimitReached,
            `Device limit reached: the organisation may hold ${organisation.allowed_device_count} devices`,
          )
        : invalidMacs(invalid);
    }
    try {
      await this.devices.insertMany(
        orgId,
        toCreate.map(({ mac, serial, partId }) => ({
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
        throw invalidMacs(toCreate.map((d) => d.mac));
      }
      throw error;
    }
    await this.devices.assignToNetwork(orgId, toMove, network.id, network.network_name);
    const activated = await this.devices.findPlain(orgId, { macs: valid });
    return activated.map((device) => device.id);
  }
}

function invalidMacs(macs: string[]): CodedError {
  return new CodedError(
    ApiErrorCode.InvalidMacs,
    `Invalid or already provisioned MAC identifiers: ${macs.join(', ')}`,
  );
}
