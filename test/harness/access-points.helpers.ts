import { Device } from '../../src/devices/device.entity';
import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { configDocument, configRevision } from '../../src/device-config/config-document';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { TestApp } from './app';

/** Builders shared by the access point tests. */
export function deviceFixtures(t: () => TestApp) {
  const network = (orgId: number, name?: string) =>
    t().fixtures.network(orgId, { network_name: name });

  /** A device of the organisation's inventory (from a fresh master inventory record). */
  const device = async (
    orgId: number,
    options: { networkId?: number | null; part?: HardwarePart | null } = {},
  ): Promise<Device> => {
    const part = options.part === undefined ? await t().fixtures.hardwarePart() : options.part;
    const [record] = await t().fixtures.masterDevices(1, part ?? undefined);
    return t().fixtures.save(Device, {
      organisation_id: orgId,
      mac_id: record.mac_id,
      serial: record.serial,
      hardware_part_id: part ? part.id : null,
      location_network_id: options.networkId ?? null,
      name: null,
    });
  };

  const grant = (orgId: number, userId: number, networkId: number, level: 'full' | 'read_only') =>
    t().fixtures.grant(orgId, userId, networkId, level);

  /**
   * The API record of a device as fixtures build it: no uplinks, and `network` (the one
   * `location_network_id` names, without SSIDs) for its configuration revision; nothing reported.
   */
  const record = (
    device: Device,
    part: HardwarePart | null,
    fields: Record<string, unknown> = {},
    network: LocationNetwork | null = null,
  ) => {
    const shown = {
      id: device.id,
      mac_id: device.mac_id,
      serial: device.serial,
      location_network_id: device.location_network_id,
      organisation_id: device.organisation_id,
      name: device.name,
      label: device.label ?? null,
      hardware_part: part
        ? {
            id: part.id,
            part_number: part.part_number,
            wifi_uplink: part.wifi_uplink,
            usb: part.usb,
          }
        : null,
      uplinks: [],
      tag_list: [],
      pending_upgrade: null,
      ...fields,
    };
    if (shown.location_network_id !== (network?.id ?? null)) {
      throw new Error('record(): pass the network the device is in');
    }
    const revision = configRevision(
      configDocument({
        device: { mac_id: shown.mac_id, name: shown.name, label: shown.label },
        network,
        ssids: [],
        uplinks: [],
      }),
    );
    return {
      ...shown,
      config: { revision, applied_revision: null, in_sync: false, error: null },
      ...fields,
    };
  };

  const deviceRow = (id: number) => t().dataSource.getRepository(Device).findOneBy({ id });

  return { network, device, grant, record, deviceRow };
}

/** `aa-bb-cc-dd-ee-ff` and `aabbccddeeff` forms of a stored MAC. */
export const dashed = (mac: string) => mac.toLowerCase().replace(/:/g, '-');
export const bare = (mac: string) => mac.toLowerCase().replace(/:/g, '');
