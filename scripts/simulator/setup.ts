import { randomBytes } from 'node:crypto';
import { ApiClient, ApiResponse } from './http';

/** The firmware the virtual devices run and the one the run upgrades them to. */
export const FROM_VERSION = '3.0.0';
export const TO_VERSION = '3.1.0';

/** Entries per master inventory or provisioning request: under the 10,000 list limit and 1 MiB. */
const BATCH = 2000;

export interface FleetDevice {
  index: number;
  serial: string;
  /** Stored form, `AA:BB:CC:DD:EE:FF`. */
  mac: string;
  secret: string;
}

/** What the setup created, as an operator would have through the API. */
export interface Fleet {
  runId: string;
  organisationId: number;
  /** `Bearer …` of the organisation's admin. */
  adminAuth: string;
  /** The admin's browser sign-in, so that someone can watch the fleet in the console. */
  signIn: { email: string; password: string };
  partNumber: string;
  networkId: number;
  ssidId: number;
  ssidName: string;
  /** The SSID's WPA key, as the setup made it (a draft of the SSID gives it again). */
  wpaKey: string;
  devices: FleetDevice[];
}

/** A setup step the service refused: says which step, and what it answered. */
export class SetupError extends Error {
  constructor(step: string, response: ApiResponse) {
    super(`${step} failed: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  }
}

/**
 * Creates an organisation (room for every device), its admin (with a random password, so that
 * one can sign in to the simulated fleet's console) and the admin's token, a hardware
 * part, the devices in the master inventory with random factory secrets, the two releases, a
 * network with one SSID, and claims every device into the network.
 */
export async function setUpFleet(
  client: ApiClient,
  superAdminToken: string,
  count: number,
): Promise<Fleet> {
  const runId = randomBytes(3).toString('hex');
  const superAuth = `Bearer ${superAdminToken}`;
  const call = async (step: string, method: string, path: string, body: unknown, auth: string) => {
    const response = await client.request('operator', method, path, { auth, body });
    if (response.status !== 200) {
      throw new SetupError(step, response);
    }
    return response.body as { data: Record<string, unknown> };
  };

  const organisation = await call(
    'creating the organisation (POST /v1/admin/organisations; the token must be a super administrator’s)',
    'POST',
    '/v1/admin/organisations',
    { name: `Simulated fleet ${runId}`, allowed_device_count: count },
    superAuth,
  );
  const organisationId = organisation.data.id as number;
  const signIn = {
    email: `simulator-${runId}@example.test`,
    password: randomBytes(15).toString('base64url'),
  };
  const user = await call(
    'creating the admin user',
    'POST',
    '/v1/admin/users',
    { organisation_id: organisationId, ...signIn, role: 'admin' },
    superAuth,
  );
  const token = await call(
    'issuing the admin token',
    'POST',
    '/v1/admin/tokens',
    { user_id: user.data.id, name: 'fleet simulator', expires_in_days: 1 },
    superAuth,
  );
  const adminAuth = `Bearer ${token.data.token as string}`;

  const partNumber = `SIM-AP-${runId}`;
  await call(
    'creating the hardware part',
    'POST',
    '/v1/admin/hardware_parts',
    { part_number: partNumber, wifi_uplink: false, usb: false },
    superAuth,
  );

  const devices = fleetDevices(runId, count);
  for (let i = 0; i < devices.length; i += BATCH) {
    const batch = devices.slice(i, i + BATCH);
    await call(
      'adding devices to the master inventory',
      'POST',
      '/v1/admin/master_inventory',
      {
        devices: batch.map((d) => ({
          serial: d.serial,
          mac_id: d.mac,
          part_number: partNumber,
          secret: d.secret,
        })),
      },
      superAuth,
    );
  }

  for (const version of [FROM_VERSION, TO_VERSION]) {
    await call(
      `publishing release ${version}`,
      'POST',
      '/v1/admin/upgrade_data',
      {
        version,
        url: { [partNumber]: `https://firmware.example/${partNumber}/${version}.bin` },
        organisation_id: organisationId,
        is_released: true,
      },
      superAuth,
    );
  }

  const network = await call(
    'creating the network',
    'POST',
    '/v1/location_networks',
    { location_network: { network_name: `Simulated site ${runId}`, timezone: 'UTC' } },
    adminAuth,
  );
  const networkId = network.data.id as number;
  const ssidName = `sim-${runId}`;
  const wpaKey = randomBytes(12).toString('base64url');
  const ssid = await call(
    'creating the SSID',
    'POST',
    '/v1/network_ssids',
    {
      network_id: networkId,
      network_ssid: { ssid_name: ssidName, wpa_key: wpaKey },
    },
    adminAuth,
  );

  for (let i = 0; i < devices.length; i += BATCH) {
    await call(
      'claiming devices into the network (provisioning)',
      'POST',
      '/v1/access_points/provisioning',
      {
        mac_id: devices
          .slice(i, i + BATCH)
          .map((d) => d.mac)
          .join(','),
        network_id: String(networkId),
      },
      adminAuth,
    );
  }

  return {
    runId,
    organisationId,
    adminAuth,
    signIn,
    partNumber,
    networkId,
    ssidId: ssid.data.id as number,
    ssidName,
    wpaKey,
    devices,
  };
}

/**
 * MACs are locally administered (first octet 06), two random octets per run, then the index;
 * serials name the run; secrets are 32 random URL-safe characters.
 */
function fleetDevices(runId: string, count: number): FleetDevice[] {
  const prefix = `06${randomBytes(2).toString('hex').toUpperCase()}`;
  return Array.from({ length: count }, (_, index) => {
    const hex = `${prefix}${index.toString(16).toUpperCase().padStart(6, '0')}`;
    return {
      index,
      serial: `SIM-${runId}-${index + 1}`,
      mac: hex.match(/../g)!.join(':'),
      secret: randomBytes(24).toString('base64url'),
    };
  });
}
