import { createHash } from 'node:crypto';
import { QueryRunner } from 'typeorm';

/**
 * Fills `devices.config_revision` with the revision of the configuration each device receives
 * when the column is added: the SHA-256 of the canonical JSON (keys sorted, no whitespace) of
 * `{device: {label, mac_id, name}, network, ssids, uplinks}`, its network's SSIDs with every field
 * (secrets included, absent ones null) and its live uplinks (their template detail's fields, then
 * id, type and deleted flag), both by id; `network: null, ssids: []` in no network.
 *
 * The rule as it stands when the column is added, written out here rather than imported, so
 * that this migration gives the same rows whatever the application's rules become (a later
 * change of the configuration brings its own migration; `verify:revisions` compares the stored
 * revisions with the application's rule). A spec proves it equal to the application's today.
 * Reads every device, network, SSID and live uplink once, then writes the revisions `chunk`
 * rows per statement. `mark(n)` is the dialect's n-th (1-based) placeholder.
 */
export async function backfillConfigRevisions(
  runner: QueryRunner,
  mark: (n: number) => string,
  chunk = 400,
): Promise<void> {
  const devices = (await runner.query(
    `SELECT "id", "organisation_id", "mac_id", "name", "label", "location_network_id" FROM "devices"`,
  )) as DeviceRow[];
  if (devices.length === 0) {
    return;
  }
  const networks = new Map(
    (
      (await runner.query(
        `SELECT "id", "network_name", "timezone" FROM "location_networks"`,
      )) as NetworkRow[]
    ).map((row) => [Number(row.id), row] as const),
  );
  const ssids = (await runner.query(
    `SELECT "id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags",
            "dhcp_mappings", "dhcp_ranges", "v_lan_attributes"
     FROM "network_ssids" ORDER BY "id"`,
  )) as SsidRow[];
  const uplinks = (await runner.query(
    `SELECT "id", "device_id", "uplink_type", "details" FROM "uplinks"
     WHERE "is_deleted" = false ORDER BY "id"`,
  )) as UplinkRow[];
  const sections = new Map<number, string>();
  for (const ssid of ssids) {
    const networkId = Number(ssid.location_network_id);
    const text = canonicalJson(ssidDocument(ssid));
    const before = sections.get(networkId);
    sections.set(networkId, before === undefined ? text : `${before},${text}`);
  }
  const uplinksByDevice = new Map<number, string[]>();
  for (const uplink of uplinks) {
    const deviceId = Number(uplink.device_id);
    const list = uplinksByDevice.get(deviceId) ?? [];
    list.push(
      canonicalJson({
        ...(JSON.parse(uplink.details) as Record<string, unknown>),
        id: Number(uplink.id),
        uplink_type: uplink.uplink_type,
        is_deleted: false,
      }),
    );
    uplinksByDevice.set(deviceId, list);
  }
  const revisions = devices.map((device): [number, string] => {
    const networkId =
      device.location_network_id === null ? null : Number(device.location_network_id);
    const network = networkId === null ? undefined : networks.get(networkId);
    const shownNetwork = network
      ? canonicalJson({
          id: networkId,
          network_name: network.network_name,
          timezone: network.timezone,
        })
      : 'null';
    const shownSsids = network ? (sections.get(networkId!) ?? '') : '';
    const text =
      `{"device":${canonicalJson({ label: device.label, mac_id: device.mac_id, name: device.name })},` +
      `"network":${shownNetwork},"ssids":[${shownSsids}],` +
      `"uplinks":[${(uplinksByDevice.get(Number(device.id)) ?? []).join(',')}]}`;
    return [Number(device.id), createHash('sha256').update(text).digest('hex')];
  });
  for (let start = 0; start < revisions.length; start += chunk) {
    const rows = revisions.slice(start, start + chunk);
    const parameters: unknown[] = [];
    const cases = rows.map(([id, revision]) => {
      parameters.push(id, revision);
      return `WHEN ${mark(parameters.length - 1)} THEN ${mark(parameters.length)}`;
    });
    const ids = rows.map(([id]) => {
      parameters.push(id);
      return mark(parameters.length);
    });
    await runner.query(
      `UPDATE "devices" SET "config_revision" = CASE "id" ${cases.join(' ')} END
       WHERE "id" IN (${ids.join(', ')})`,
      parameters,
    );
  }
}

interface DeviceRow {
  id: number | string;
  organisation_id: number | string;
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | string | null;
}

interface NetworkRow {
  id: number | string;
  network_name: string;
  timezone: string;
}

interface SsidRow {
  id: number | string;
  location_network_id: number | string;
  ssid_name: string;
  settings: string;
  associated_aps_and_tags: string | null;
  dhcp_mappings: string | null;
  dhcp_ranges: string | null;
  v_lan_attributes: string | null;
}

interface UplinkRow {
  id: number | string;
  device_id: number | string;
  uplink_type: string;
  details: string;
}

/** The scalar fields of an SSID a configuration lists, as they stand when the column is added. */
const SSID_SCALARS = [
  'is_enabled',
  'ssid_mode',
  'nat',
  'wna',
  'is_hidden',
  'is_isolate',
  'security_mode',
  'wpa_algorithm',
  'wpa_key',
  'psk_type',
  'auth_radius_id',
  'acc_radius_enabled',
  'acc_radius_id',
  'acl_mac',
  'mac_filter_policy',
  'acl_mac_list',
  'captive_portal',
  'splash_url',
  'wallgarden',
  'walled_garden_range',
  'overwrite_success_url',
  'success_url',
  'dhcp_range_start',
  'dhcp_range_end',
  'dhcp_relay_server',
  'dhcp_lease_time',
  'ip_address',
  'subnet_mask',
  'per_user_qos',
  'enable_ssid_qos',
  'ssid_qos',
  'radio_band',
  'wds_enabled',
  'max_association',
  'dns_mode',
  'dns_primary',
  'dns_secondary',
  'default_idle_timeout',
  'default_interim_time',
  'uplink_priority',
];

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** An SSID as a configuration lists it: every field, absent ones null. */
function ssidDocument(row: SsidRow): Record<string, unknown> {
  const settings = (parsed(row.settings) ?? {}) as Record<string, unknown>;
  const document: Record<string, unknown> = {
    id: Number(row.id),
    location_network_id: Number(row.location_network_id),
    ssid_name: row.ssid_name,
  };
  for (const field of SSID_SCALARS) {
    document[field] = settings[field] ?? null;
  }
  document.associated_aps_and_tags = parsed(row.associated_aps_and_tags) ?? null;
  document.dhcp_mappings = parsed(row.dhcp_mappings) ?? null;
  document.dhcp_ranges = parsed(row.dhcp_ranges) ?? null;
  document.v_lan_attributes = parsed(row.v_lan_attributes) ?? null;
  return document;
}

/** JSON with every object's keys sorted and no whitespace; `undefined` members left out. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}
