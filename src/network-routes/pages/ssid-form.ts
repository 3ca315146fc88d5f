import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { exact, formFields, trimmed } from '../../web/form';

/**
 * The SSID form: the fields a network team changes most, as typed. Every other field
 * of an SSID is left out of what the form sends, so an edit keeps its value (the service merges).
 * The booleans are Yes / No / Not set, so that an SSID whose `is_enabled` is null keeps it.
 */
export interface SsidFormValues {
  ssid_name: string;
  /** `true`, `false`, or empty for not set. */
  is_enabled: string;
  is_hidden: string;
  security_mode: string;
  wpa_key: string;
  radio_band: string;
  /** v_lan_attributes.v_lan_id as typed; empty for none. */
  v_lan_id: string;
}

export const BLANK_SSID_FORM: SsidFormValues = {
  ssid_name: '',
  is_enabled: 'true',
  is_hidden: 'false',
  security_mode: 'wpa2',
  wpa_key: '',
  radio_band: '',
  v_lan_id: '',
};

/** The inputs of the form by the field path the service's messages begin with. */
export const SSID_FORM_FIELDS: Readonly<Record<string, keyof SsidFormValues>> = {
  ssid_name: 'ssid_name',
  is_enabled: 'is_enabled',
  is_hidden: 'is_hidden',
  security_mode: 'security_mode',
  wpa_key: 'wpa_key',
  radio_band: 'radio_band',
  v_lan_attributes: 'v_lan_id',
  'v_lan_attributes.v_lan_id': 'v_lan_id',
};

/** The security modes the form suggests; any other value may be typed (not shown). */
export const SECURITY_MODES = ['open', 'wpa2', 'wpa3', 'wpa2-enterprise'];

const choice = (value: unknown) => {
  const text = trimmed(value);
  return text === 'true' || text === 'false' ? text : '';
};
const shown = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const flag = (value: unknown) => (value === true ? 'true' : value === false ? 'false' : '');

/** The posted form as typed. */
export function readSsidForm(body: unknown): SsidFormValues {
  const form = formFields(body);
  return {
    ssid_name: exact(form.ssid_name),
    is_enabled: choice(form.is_enabled),
    is_hidden: choice(form.is_hidden),
    security_mode: trimmed(form.security_mode),
    wpa_key: exact(form.wpa_key),
    radio_band: trimmed(form.radio_band),
    v_lan_id: trimmed(form.v_lan_id),
  };
}

/** The form of a stored SSID (seen with full access, so with its key). */
export function ssidFormOf(ssid: NetworkSsidView): SsidFormValues {
  const vlan = ssid.v_lan_attributes as { v_lan_id?: unknown } | null;
  return {
    ssid_name: ssid.ssid_name,
    is_enabled: flag(ssid.is_enabled),
    is_hidden: flag(ssid.is_hidden),
    security_mode: shown(ssid.security_mode),
    wpa_key: shown(ssid.wpa_key),
    radio_band: shown(ssid.radio_band),
    v_lan_id: shown(vlan?.v_lan_id),
  };
}

/**
 * The `network_ssid` object the service takes: the form's fields (empty clears), and the VLAN id
 * set inside the SSID's v_lan_attributes, whose other keys are kept (the service replaces the
 * object as a whole). Without a VLAN before or after, v_lan_attributes is not sent.
 */
export function toSsidInput(
  values: SsidFormValues,
  storedVlan: Record<string, unknown> | null,
): Record<string, unknown> {
  const input: Record<string, unknown> = {
    ssid_name: values.ssid_name,
    is_enabled: values.is_enabled,
    is_hidden: values.is_hidden,
    security_mode: values.security_mode,
    wpa_key: values.wpa_key,
    radio_band: values.radio_band,
  };
  if (values.v_lan_id !== '' || storedVlan !== null) {
    input.v_lan_attributes = {
      ...(storedVlan ?? {}),
      v_lan_id: values.v_lan_id === '' ? null : values.v_lan_id,
    };
  }
  return input;
}
