import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { Device } from '../../src/devices/device.entity';
import { TestApp } from './app';
import { unique } from './fixtures';

/** `Authorization: Basic` for a device: the MAC without colons, the secret. */
export function basicAuth(user: string, secret: string): { Authorization: string } {
  return { Authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}` };
}

/** The 12-hex-digit user name of a stored MAC, in the case asked for. */
export const macUser = (mac: string, lower = true) =>
  lower ? mac.replace(/:/g, '').toLowerCase() : mac.replace(/:/g, '');

export interface GatewayDevice {
  device: Device;
  part: HardwarePart | null;
  secret: string;
  /** Its Basic credentials for supertest's `.set()`. */
  auth: { Authorization: string };
}

/** Builders for device gateway tests: devices with factory secrets, claimed or not. */
export function gatewayFixtures(t: () => TestApp) {
  /** A master inventory device with a fresh secret in the organisation's inventory (or none). */
  const device = async (
    orgId: number | null,
    options: { networkId?: number | null; part?: HardwarePart | null; name?: string } = {},
  ): Promise<GatewayDevice> => {
    const part = options.part === undefined ? await t().fixtures.hardwarePart() : options.part;
    const secret = `${unique('secret-')}:with:colons`;
    const [record] = await t().fixtures.masterDevices(1, part ?? undefined, { secret });
    const device =
      orgId === null
        ? ({ mac_id: record.mac_id, id: 0 } as Device)
        : await t().fixtures.save(Device, {
            organisation_id: orgId,
            mac_id: record.mac_id,
            serial: record.serial,
            hardware_part_id: part ? part.id : null,
            location_network_id: options.networkId ?? null,
            name: options.name ?? null,
          });
    return { device, part, secret, auth: basicAuth(macUser(record.mac_id), secret) };
  };

  const checkin = (auth: Record<string, string>, body: object = {}) =>
    t().http().post('/device/v1/checkin').set(auth).send(body);

  return { device, checkin };
}
