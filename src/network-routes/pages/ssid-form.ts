import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { exact, FieldLabel, formFields, trimmed } from '../../web/form';
import {
  ADVANCED_FIELDS,
  advancedOf,
  BLANK_ADVANCED,
  readAdvanced,
  shownFlag,
  shownText,
  SsidAdvancedValues,
  toAdvancedInput,
} from './ssid-advanced-form';
import { SSID_FIELD_LABELS } from './ssid-labels';

/**
 * The SSID form: the fields a network team changes most, as typed, and its "RADIUS, captive
 * portal and DHCP" part (ssid-advanced-form.ts). Every other field of an SSID is left out of what
 * the form sends, so an edit keeps its value (the service merges). The booleans are
 * Yes / No / Not set, so that an SSID whose `is_enabled` is null keeps it.
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
  advanced: SsidAdvancedValues;
}

export const BLANK_SSID_FORM: SsidFormValues = {
  ssid_name: '',
  is_enabled: 'true',
  is_hidden: 'false',
  security_mode: 'wpa2',
  wpa_key: '',
  radio_band: '',
  v_lan_id: '',
  advanced: BLANK_ADVANCED,
};

/** The input of the form for each field path the service's messages begin with. */
const INPUTS: Readonly<Record<string, string>> = {
  ssid_name: 'ssid_name',
  is_enabled: 'is_enabled',
  is_hidden: 'is_hidden',
  security_mode: 'security_mode',
  wpa_key: 'wpa_key',
  radio_band: 'radio_band',
  v_lan_attributes: 'v_lan_id',
  'v_lan_attributes.v_lan_id': 'v_lan_id',
  ...Object.fromEntries(ADVANCED_FIELDS.map((field) => [field, field])),
};

/**
 * The inputs of the form by the field path the service's messages begin with, and the words the
 * console names each by (ssid-labels.ts): a refusal reads `VLAN ID must be between 1 and 4094`
 * where the API names the path (`v_lan_attributes.v_lan_id must be …`).
 */
export const SSID_FORM_FIELDS: Readonly<Record<string, FieldLabel>> = Object.fromEntries(
  Object.entries(INPUTS).map(([path, input]) => [path, { input, label: SSID_FIELD_LABELS[path] }]),
);

/** A value the form offers, with what people call it. */
export interface KnownValue {
  value: string;
  label: string;
}

/**
 * The security modes the form offers, spelled as the demo seed (`wpa2`, `open`) and the guides
 * (`wpa2-psk`) write them. The API takes any text (devices name modes their own way); the form
 * saves another value only once confirmed, so that a typo is not pushed to a network.
 */
export const SECURITY_MODES: readonly KnownValue[] = [
  { value: 'open', label: 'Open (no encryption)' },
  { value: 'owe', label: 'Enhanced Open (OWE)' },
  { value: 'wpa2', label: 'WPA2 personal' },
  { value: 'wpa2-psk', label: 'WPA2 personal (PSK)' },
  { value: 'wpa3', label: 'WPA3 personal' },
  { value: 'wpa3-sae', label: 'WPA3 personal (SAE)' },
  { value: 'wpa2-wpa3', label: 'WPA2/WPA3 personal (transition)' },
  { value: 'wpa2-enterprise', label: 'WPA2 enterprise (RADIUS)' },
  { value: 'wpa3-enterprise', label: 'WPA3 enterprise (RADIUS)' },
];

/** The radio bands the form offers (`dual`: 2.4 and 5 GHz, as the benchmark's seed writes it). */
export const RADIO_BANDS: readonly KnownValue[] = [
  { value: '2.4GHz', label: '2.4 GHz' },
  { value: '5GHz', label: '5 GHz' },
  { value: '6GHz', label: '6 GHz' },
  { value: 'dual', label: '2.4 and 5 GHz' },
  { value: 'all', label: 'Every band' },
];

const UNKNOWN_CHECKS = [
  { field: 'security_mode', label: 'Security mode', known: SECURITY_MODES },
  { field: 'radio_band', label: 'Radio band', known: RADIO_BANDS },
] as const;

/**
 * The values of the form the console does not know, by field, in words (empty: none). A value
 * kept as stored (an edit that leaves it) needs no confirmation: the devices already have it.
 * Values are compared exactly, as the devices receive them.
 */
export function unknownValues(
  values: SsidFormValues,
  stored: SsidFormValues | null,
): { field: 'security_mode' | 'radio_band'; message: string }[] {
  return UNKNOWN_CHECKS.filter(({ field, known }) => {
    const value = values[field];
    return (
      value !== '' && value !== stored?.[field] && !known.some((choice) => choice.value === value)
    );
  }).map(({ field, label }) => ({
    field,
    message: `${label} "${values[field]}" is not one the console knows: choose one of the list, or tick "Save anyway" to save it as typed`,
  }));
}

/**
 * What a ticked "Save anyway" confirms: the unknown values themselves, so that a confirmation
 * does not carry over to another unknown value typed after it. Empty when every value is known.
 */
export function confirmationOf(values: SsidFormValues, stored: SsidFormValues | null): string {
  const unknown = unknownValues(values, stored);
  return unknown.length === 0
    ? ''
    : new URLSearchParams(unknown.map(({ field }) => [field, values[field]])).toString();
}

/** The posted "Save anyway": what it confirms (empty when not ticked). */
export const readSaveAnyway = (body: unknown): string => exact(formFields(body).save_anyway);

const choice = (value: unknown) => {
  const text = trimmed(value);
  return text === 'true' || text === 'false' ? text : '';
};

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
    advanced: readAdvanced(form),
  };
}

/** The form of a stored SSID (seen with full access, so with its key). */
export function ssidFormOf(ssid: NetworkSsidView): SsidFormValues {
  const vlan = ssid.v_lan_attributes as { v_lan_id?: unknown } | null;
  return {
    ssid_name: ssid.ssid_name,
    is_enabled: shownFlag(ssid.is_enabled),
    is_hidden: shownFlag(ssid.is_hidden),
    security_mode: shownText(ssid.security_mode),
    wpa_key: shownText(ssid.wpa_key),
    radio_band: shownText(ssid.radio_band),
    v_lan_id: shownText(vlan?.v_lan_id),
    advanced: advancedOf(ssid),
  };
}

/**
 * The `network_ssid` object the service takes: the form's fields (empty clears), the VLAN id
 * set inside the SSID's v_lan_attributes, whose other keys are kept (the service replaces the
 * object as a whole), and what the advanced part has to say. Without a VLAN before or after,
 * v_lan_attributes is not sent.
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
    ...toAdvancedInput(values.advanced),
  };
  if (values.v_lan_id !== '' || storedVlan !== null) {
    input.v_lan_attributes = {
      ...(storedVlan ?? {}),
      v_lan_id: values.v_lan_id === '' ? null : values.v_lan_id,
    };
  }
  return input;
}
