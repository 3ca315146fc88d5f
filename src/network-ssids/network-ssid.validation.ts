import { isIPv4 } from 'node:net';
import { normaliseMac } from '../common/mac/mac';
import {
  BOOLEAN_FIELDS,
  COUNT_FIELDS,
  DhcpMapping,
  DhcpRange,
  IPV4_FIELDS,
  SCALAR_FIELDS,
  SsidValues,
  STRUCTURED_FIELDS,
  VLanAttributes,
} from './network-ssid.fields';

/** Reading and checking SSID input; the rules are listed in the DTO. */

/** Free-text fields that may be long (URLs and lists); the others hold at most 255 characters. */
const LONG_FIELDS = new Set(['acl_mac_list', 'splash_url', 'walled_garden_range', 'success_url']);
const LONG_MAX = 4096;
const SHORT_MAX = 255;

const BOOLEAN_SET = new Set<string>(BOOLEAN_FIELDS);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const has = (input: Record<string, unknown>, key: string) =>
  Object.prototype.hasOwnProperty.call(input, key);

function readBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') {
    return true;
  }
  if (value === false || value === 'false' || value === 0 || value === '0') {
    return false;
  }
  return undefined;
}

/** IPv4 as four dotted decimal octets, compared as a 32-bit number. */
const ipv4Number = (ip: string) =>
  ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);

const isNonNegativeInteger = (value: string) => /^\d+$/.test(value);

/**
 * Applies `input` (a request's `network_ssid` object or a config_rollback entry) onto `base`
 * (the stored SSID, or empty values on create) and validates the result. Returns the merged
 * values and every problem found; fields `input` does not name keep their value from `base`.
 */
export function mergeSsidInput(
  base: SsidValues | null,
  input: Record<string, unknown>,
): { values: SsidValues; errors: string[] } {
  const errors: string[] = [];
  const values: SsidValues = base
    ? { ...base, settings: { ...base.settings } }
    : {
        ssid_name: '',
        settings: {},
        associated_aps_and_tags: null,
        dhcp_mappings: null,
        dhcp_ranges: null,
        v_lan_attributes: null,
      };

  if (has(input, 'ssid_name') || !base) {
    const name = input.ssid_name;
    if (typeof name !== 'string' || name.length === 0) {
      errors.push("ssid_name can't be blank");
    } else if ([...name].length > 32) {
      errors.push('ssid_name is too long (maximum is 32 characters)');
    } else {
      values.ssid_name = name;
    }
  }

  for (const field of SCALAR_FIELDS) {
    if (!has(input, field)) {
      continue;
    }
    const raw = input[field];
    if (raw === null || raw === undefined || raw === '') {
      values.settings[field] = null;
    } else if (BOOLEAN_SET.has(field)) {
      const parsed = readBoolean(raw);
      if (parsed === undefined) {
        errors.push(`${field} must be a boolean`);
      } else {
        values.settings[field] = parsed;
      }
    } else if (typeof raw === 'string' || (typeof raw === 'number' && Number.isFinite(raw))) {
      const text = String(raw);
      const max = LONG_FIELDS.has(field) ? LONG_MAX : SHORT_MAX;
      if (text.length > max) {
        errors.push(`${field} is too long (maximum is ${max} characters)`);
      } else {
        values.settings[field] = text;
      }
    } else {
      errors.push(`${field} must be a string or a number`);
    }
  }

  for (const field of STRUCTURED_FIELDS) {
    if (has(input, field)) {
      readStructured(values, field, input[field], errors);
    }
  }

  validateMerged(values, errors);
  return { values, errors };
}

function readStructured(
  values: SsidValues,
  field: (typeof STRUCTURED_FIELDS)[number],
  raw: unknown,
  errors: string[],
): void {
  if (raw === null || raw === undefined) {
    values[field] = null;
    return;
  }
  switch (field) {
    case 'associated_aps_and_tags':
      if (!Array.isArray(raw)) {
        errors.push('associated_aps_and_tags must be an array');
      } else {
        values.associated_aps_and_tags = raw as unknown[];
      }
      return;
    case 'dhcp_mappings':
      values.dhcp_mappings = readDhcpMappings(raw, errors);
      return;
    case 'dhcp_ranges':
      values.dhcp_ranges = readDhcpRanges(raw, errors);
      return;
    case 'v_lan_attributes':
      values.v_lan_attributes = readVLan(raw, errors);
      return;
  }
}

/** Entries keep only IPADDR and MAC; the MAC is stored normalised. */
function readDhcpMappings(raw: unknown, errors: string[]): DhcpMapping[] | null {
  if (!Array.isArray(raw)) {
    errors.push('dhcp_mappings must be an array');
    return null;
  }
  return raw.map((entry: unknown, i) => {
    if (!isPlainObject(entry)) {
      errors.push(`dhcp_mappings.${i} must be an object with IPADDR and MAC`);
      return { IPADDR: '', MAC: '' };
    }
    const ip = entry.IPADDR;
    if (typeof ip !== 'string' || !isIPv4(ip)) {
      errors.push(`dhcp_mappings.${i}.IPADDR must be an IPv4 address`);
    }
    const mac = typeof entry.MAC === 'string' ? normaliseMac(entry.MAC) : null;
    if (!mac) {
      errors.push(`dhcp_mappings.${i}.MAC must be a MAC address`);
    }
    return { IPADDR: typeof ip === 'string' ? ip : '', MAC: mac ?? '' };
  });
}

/** Entries keep only START and END, both IPv4 with START not after END. */
function readDhcpRanges(raw: unknown, errors: string[]): DhcpRange[] | null {
  if (!Array.isArray(raw)) {
    errors.push('dhcp_ranges must be an array');
    return null;
  }
  return raw.map((entry: unknown, i) => {
    if (!isPlainObject(entry)) {
      errors.push(`dhcp_ranges.${i} must be an object with START and END`);
      return { START: '', END: '' };
    }
    const { START: start, END: end } = entry;
    const startOk = typeof start === 'string' && isIPv4(start);
    const endOk = typeof end === 'string' && isIPv4(end);
    if (!startOk) {
      errors.push(`dhcp_ranges.${i}.START must be an IPv4 address`);
    }
    if (!endOk) {
      errors.push(`dhcp_ranges.${i}.END must be an IPv4 address`);
    }
    if (startOk && endOk && ipv4Number(start) > ipv4Number(end)) {
      errors.push(`dhcp_ranges.${i}.START must not be after END`);
    }
    return { START: startOk ? start : '', END: endOk ? end : '' };
  });
}

/** Keeps name, enable_dhcp_on_v_lan (boolean), v_lan_id (integer 1..4094) and id. */
function readVLan(raw: unknown, errors: string[]): VLanAttributes | null {
  if (!isPlainObject(raw)) {
    errors.push('v_lan_attributes must be an object');
    return null;
  }
  const vlan: VLanAttributes = {};
  if (has(raw, 'name')) {
    if (raw.name === null || typeof raw.name === 'string') {
      vlan.name = raw.name;
    } else {
      errors.push('v_lan_attributes.name must be a string');
    }
  }
  if (has(raw, 'enable_dhcp_on_v_lan')) {
    const parsed = raw.enable_dhcp_on_v_lan === null ? null : readBoolean(raw.enable_dhcp_on_v_lan);
    if (parsed === undefined) {
      errors.push('v_lan_attributes.enable_dhcp_on_v_lan must be a boolean');
    } else {
      vlan.enable_dhcp_on_v_lan = parsed;
    }
  }
  if (has(raw, 'v_lan_id')) {
    const id = raw.v_lan_id;
    const number = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    if (id === null) {
      vlan.v_lan_id = null;
    } else if (typeof number === 'number' && Number.isInteger(number) && number >= 1) {
      if (number > 4094) {
        errors.push('v_lan_attributes.v_lan_id must be between 1 and 4094');
      } else {
        vlan.v_lan_id = number;
      }
    } else {
      errors.push('v_lan_attributes.v_lan_id must be between 1 and 4094');
    }
  }
  if (has(raw, 'id')) {
    const id = raw.id;
    if (id === null || typeof id === 'string' || typeof id === 'number') {
      vlan.id = id;
    } else {
      errors.push('v_lan_attributes.id must be a string or a number');
    }
  }
  return vlan;
}

/** Rules on the merged values: formats of the scalar fields and ordering of the range. */
function validateMerged(values: SsidValues, errors: string[]): void {
  const s = values.settings;
  const wpaKey = s.wpa_key;
  if (typeof wpaKey === 'string' && !/^[\x20-\x7e]{8,63}$/.test(wpaKey)) {
    errors.push('wpa_key must be 8 to 63 printable ASCII characters');
  }
  for (const field of IPV4_FIELDS) {
    const value = s[field];
    if (typeof value === 'string' && !isIPv4(value)) {
      errors.push(`${field} must be an IPv4 address`);
    }
  }
  const start = s.dhcp_range_start;
  const end = s.dhcp_range_end;
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    isIPv4(start) &&
    isIPv4(end) &&
    ipv4Number(start) > ipv4Number(end)
  ) {
    errors.push('dhcp_range_start must not be after dhcp_range_end');
  }
  for (const field of COUNT_FIELDS) {
    const value = s[field];
    if (typeof value === 'string' && !isNonNegativeInteger(value)) {
      errors.push(`${field} must be a non-negative integer`);
    }
  }
}

/** SSID names given more than once in one list. */
export function duplicateNames(names: string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      duplicates.add(name);
    }
    seen.add(name);
  }
  return [...duplicates];
}
