import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { trimmed } from '../../web/form';
import { SSID_FIELD_LABELS } from './ssid-labels';

/**
 * The SSID form's "RADIUS, captive portal and DHCP" part: text fields and ticked flags of the
 * SSID, sent only when the form has something to say about them, so that what the API set and
 * the form leaves alone keeps its value (the service merges):
 * - a text field left blank is not sent (its saved value is kept), unless "Remove the settings
 *   left blank" is ticked: then it is cleared;
 * - a flag is sent when its box changed from how the form showed it (`shown_<field>`): ticked, it
 *   turns on; unticked where it was on, it turns off; a flag that was not set stays not set.
 */
interface AdvancedField {
  field: string;
  /** A checkbox; else a text field. */
  flag?: true;
  hint?: string;
  inputmode?: 'url' | 'numeric' | 'decimal';
}

export const ADVANCED_GROUPS: readonly { legend: string; fields: readonly AdvancedField[] }[] = [
  {
    legend: 'RADIUS',
    fields: [
      {
        field: 'auth_radius_id',
        hint: 'The RADIUS server that signs clients in (enterprise security modes), as your devices name it.',
      },
      { field: 'acc_radius_enabled', flag: true },
      {
        field: 'acc_radius_id',
        hint: 'The RADIUS server that receives accounting, as your devices name it.',
      },
    ],
  },
  {
    legend: 'Captive portal',
    fields: [
      { field: 'captive_portal', flag: true },
      {
        field: 'splash_url',
        hint: 'The page new clients are sent to, such as https://portal.example.com/welcome.',
        inputmode: 'url',
      },
      { field: 'wallgarden', flag: true },
      {
        field: 'walled_garden_range',
        hint: 'What clients reach before signing in, as your devices take it.',
      },
      { field: 'overwrite_success_url', flag: true },
      {
        field: 'success_url',
        hint: 'Where clients go once signed in, when "Redirect after sign-in" is ticked.',
        inputmode: 'url',
      },
    ],
  },
  {
    legend: 'DHCP',
    fields: [
      {
        field: 'dhcp_range_start',
        hint: 'An IPv4 address, not after the end of the range.',
        inputmode: 'decimal',
      },
      { field: 'dhcp_range_end', hint: 'An IPv4 address.', inputmode: 'decimal' },
      {
        field: 'dhcp_relay_server',
        hint: '2: the SSID runs its own DHCP server; otherwise as your devices take it.',
      },
      { field: 'dhcp_lease_time', hint: 'A whole number, 0 or more.', inputmode: 'numeric' },
    ],
  },
];

const FIELDS = ADVANCED_GROUPS.flatMap((group) => group.fields);
const TEXT_FIELDS = FIELDS.filter((f) => !f.flag).map((f) => f.field);
const FLAGS = FIELDS.filter((f) => f.flag).map((f) => f.field);

/** The fields of the part, each its own input. */
export const ADVANCED_FIELDS: readonly string[] = FIELDS.map((f) => f.field);

export interface SsidAdvancedValues {
  /** Each text field, trimmed; null when the post did not carry it. */
  text: Record<string, string | null>;
  /** Each flag's box, ticked or not. */
  ticked: Record<string, boolean>;
  /** Each flag as the form showed it: `true`, `false`, or empty (not set, or not shown). */
  shown: Record<string, string>;
  /** "Remove the settings left blank" ticked: a blank text field clears its value. */
  clearBlank: boolean;
}

const byField = <T>(fields: readonly string[], value: (field: string) => T): Record<string, T> =>
  Object.fromEntries(fields.map((field) => [field, value(field)]));

/** A stored scalar as a text field shows it. */
export const shownText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A stored flag as a choice: `true`, `false`, or empty for not set. */
export const shownFlag = (value: unknown): string =>
  value === true ? 'true' : value === false ? 'false' : '';

export const BLANK_ADVANCED: SsidAdvancedValues = {
  text: byField(TEXT_FIELDS, () => ''),
  ticked: byField(FLAGS, () => false),
  shown: byField(FLAGS, () => ''),
  clearBlank: false,
};

/** The part as posted. */
export function readAdvanced(form: Record<string, unknown>): SsidAdvancedValues {
  return {
    text: byField(TEXT_FIELDS, (field) =>
      typeof form[field] === 'string' ? trimmed(form[field]) : null,
    ),
    ticked: byField(FLAGS, (field) => form[field] === 'true'),
    shown: byField(FLAGS, (field) => {
      const shown = trimmed(form[`shown_${field}`]);
      return shown === 'true' || shown === 'false' ? shown : '';
    }),
    clearBlank: form.clear_blank === 'true',
  };
}

/** The part of a stored SSID. */
export function advancedOf(ssid: NetworkSsidView): SsidAdvancedValues {
  return {
    text: byField(TEXT_FIELDS, (field) => shownText(ssid[field])),
    ticked: byField(FLAGS, (field) => ssid[field] === true),
    shown: byField(FLAGS, (field) => shownFlag(ssid[field])),
    clearBlank: false,
  };
}

/** What the part adds to the service's `network_ssid` object (see above). */
export function toAdvancedInput(values: SsidAdvancedValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const text = values.text[field];
    if (text) {
      input[field] = text;
    } else if (text === '' && values.clearBlank) {
      input[field] = null;
    }
  }
  for (const field of FLAGS) {
    const ticked = values.ticked[field];
    if (ticked !== (values.shown[field] === 'true')) {
      input[field] = String(ticked);
    }
  }
  return input;
}

/** An input of the part as views/ssid-form.hbs shows it. */
export interface AdvancedInput {
  id: string;
  label: string;
  hint: string | null;
  inputmode: string | null;
  flag: boolean;
  value: string;
  ticked: boolean;
  shown: string;
  errors: string[];
}

export interface AdvancedPart {
  /** Open when it holds a value or a refusal; a new SSID's is closed. */
  open: boolean;
  groups: { legend: string; inputs: AdvancedInput[] }[];
  clearBlank: boolean;
}

/** The part of the form, with the refusal's messages of its inputs. */
export function advancedPart(
  values: SsidAdvancedValues,
  errors: Readonly<Record<string, string[]>>,
): AdvancedPart {
  const groups = ADVANCED_GROUPS.map(({ legend, fields }) => ({
    legend,
    inputs: fields.map(({ field, flag, hint, inputmode }) => ({
      id: field,
      label: SSID_FIELD_LABELS[field],
      hint: hint ?? null,
      inputmode: inputmode ?? null,
      flag: flag === true,
      value: values.text[field] ?? '',
      ticked: values.ticked[field] ?? false,
      shown: values.shown[field] ?? '',
      errors: errors[field] ?? [],
    })),
  }));
  const inputs = groups.flatMap((group) => group.inputs);
  return {
    open:
      values.clearBlank ||
      inputs.some((input) => input.value !== '' || input.ticked || input.errors.length > 0),
    groups,
    clearBlank: values.clearBlank,
  };
}
