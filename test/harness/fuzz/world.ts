import { Device } from '../../../src/devices/device.entity';
import { InitTemplate } from '../../../src/access-points/init-template.entity';
import { NetworkTemplate } from '../../../src/networks/network-template.entity';
import { NetworkSsid } from '../../../src/network-ssids/network-ssid.entity';
import { Tag } from '../../../src/devices/tag.entity';
import { Upgrade } from '../../../src/firmware/upgrade.entity';
import { TestApp } from '../app';
import { Caller, unique } from '../fixtures';

const basicAuth = (mac: string, secret: string) => ({
  Authorization: `Basic ${Buffer.from(`${mac.replace(/:/g, '')}:${secret}`).toString('base64')}`,
});

/** Who sends a generated request. */
export interface Callers {
  admin: Caller;
  member: Caller;
  superAdmin: Caller;
  /** The admin's organisation's first device, with its factory secret. */
  device: { auth: { Authorization: string } };
}

/** Real values of the seeded fixture, mixed into generated requests to reach deeper code. */
export interface ValuePools {
  ids: number[];
  macs: string[];
  serials: string[];
  names: string[];
  /** Other strings the API understands (versions, upgrade targets, timezones). */
  words: string[];
}

export interface World {
  callers: Callers;
  pools: ValuePools;
}

/**
 * A small realistic fixture: an organisation with an admin, a member (read grant on one
 * network), networks, devices in master inventory and inventory (some assigned, some not),
 * free catalogue devices, SSIDs, templates, tags, released firmware and a pending upgrade; a
 * second organisation with its own records; a super admin. Built fresh for each operation.
 */
export async function seedWorld(t: TestApp): Promise<World> {
  const f = t.fixtures;
  const admin = await f.admin();
  const member = await f.member(admin.orgId);
  const superAdmin = await f.superAdmin();
  const other = await f.admin();
  const part = await f.hardwarePart();
  const [busy, empty] = [await f.network(admin.orgId), await f.network(admin.orgId)];
  const foreignNetwork = await f.network(other.orgId);
  await f.grant(admin.orgId, member.userId, busy.id, 'read_only');
  const secret = 'fuzz-device-secret:0001';
  const catalogue = await f.masterDevices(8, part, { secret });
  const tag = await f.save(Tag, { organisation_id: admin.orgId, name: unique('tag-') });
  const foreignTag = await f.save(Tag, { organisation_id: other.orgId, name: unique('tag-') });
  const device = (orgId: number, index: number, networkId: number | null, tags: Tag[] = []) =>
    f.save(Device, {
      mac_id: catalogue[index].mac_id,
      serial: catalogue[index].serial,
      organisation_id: orgId,
      hardware_part_id: part.id,
      location_network_id: networkId,
      tags,
    });
  const devices = [
    await device(admin.orgId, 0, busy.id, [tag]),
    await device(admin.orgId, 1, busy.id),
    await device(admin.orgId, 2, null),
    await device(admin.orgId, 3, null),
    await device(other.orgId, 4, foreignNetwork.id, [foreignTag]),
  ];
  await f.upgradeData({
    version: '1.0.0',
    url: { [part.part_number]: 'https://fw.example/1.bin' },
  });
  const ssid = (orgId: number, networkId: number) =>
    f.save(NetworkSsid, {
      organisation_id: orgId,
      location_network_id: networkId,
      ssid_name: unique('ssid'),
      settings: { ENCRYPTION: 'psk2', WPA_KEY: 'fuzz-secret-key' },
    });
  const ssids = [await ssid(admin.orgId, busy.id), await ssid(other.orgId, foreignNetwork.id)];
  const upgrade = (orgId: number, deviceId: number) =>
    f.save(Upgrade, {
      organisation_id: orgId,
      device_id: deviceId,
      version: '1.0.0',
      aps: [`AP:${deviceId}`],
    });
  const upgrades = [
    await upgrade(admin.orgId, devices[0].id),
    await upgrade(other.orgId, devices[4].id),
  ];
  const template = await f.save(NetworkTemplate, {
    organisation_id: admin.orgId,
    name: unique('tpl-'),
    configuration: { ssid_configuration: [{ ssid_name: 'Guests', ssid_mode: '1' }] },
  });
  const initTemplate = await f.save(InitTemplate, {
    organisation_id: admin.orgId,
    name: unique('init-'),
    details: [{ uplink_type: '1' }],
  });
  const ids = [
    admin.orgId,
    other.orgId,
    admin.userId,
    member.userId,
    other.userId,
    part.id,
    busy.id,
    empty.id,
    foreignNetwork.id,
    tag.id,
    foreignTag.id,
    template.id,
    initTemplate.id,
    ...devices.map((d) => d.id),
    ...ssids.map((s) => s.id),
    ...upgrades.map((u) => u.id),
  ];
  return {
    callers: {
      admin,
      member,
      superAdmin,
      device: { auth: basicAuth(catalogue[0].mac_id, secret) },
    },
    pools: {
      ids: [...new Set(ids)],
      macs: catalogue.map((c) => c.mac_id),
      serials: catalogue.map((c) => c.serial),
      names: [
        busy.network_name,
        empty.network_name,
        foreignNetwork.network_name,
        tag.name,
        ssids[0].ssid_name,
        template.name,
      ],
      words: [
        '1.0.0',
        'UTC',
        'Europe/Paris',
        'clone',
        part.part_number,
        `AP:${devices[0].id}`,
        `AP:${devices[2].id}`,
        `network:${busy.id}`,
        `tag:${tag.id}`,
        `AP:${devices[4].id}`,
        'read_only',
        'read_write',
        'admin',
        'member',
        'now',
        'automatic',
        catalogue
          .slice(5, 7)
          .map((c) => c.mac_id)
          .join(','),
      ],
    },
  };
}
