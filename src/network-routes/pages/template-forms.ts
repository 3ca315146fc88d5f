import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateInitTemplateDto } from '../../access-points/dto/init-template.dto';
import { validationMessages } from '../../common/validation/validation';
import { SCALAR_FIELDS, STRUCTURED_FIELDS } from '../../network-ssids/network-ssid.fields';
import { exact, formFields, trimmed } from '../../web/form';

/** The network template form as typed: a name and the network whose SSIDs it copies. */
export interface NetworkTemplateFormValues {
  name: string;
  network_id: string;
}

/** The uplink template form as typed: a name and its details as JSON. */
export interface UplinkTemplateFormValues {
  name: string;
  details: string;
}

export const readNetworkTemplateForm = (body: unknown): NetworkTemplateFormValues => {
  const form = formFields(body);
  return { name: trimmed(form.name), network_id: exact(form.network_id) };
};

export const readUplinkTemplateForm = (body: unknown): UplinkTemplateFormValues => {
  const form = formFields(body);
  return { name: trimmed(form.name), details: exact(form.details) };
};

/**
 * An SSID as a network template lists it (`configuration.ssid_configuration`): its name and
 * every field network SSID create takes, as SSID show returns them to a writer (the WPA key
 * included: a rollback must set it), without its `id`, so that a config_rollback to the
 * template creates the SSIDs rather than naming SSIDs of the network it was copied from.
 */
export function templateSsid(ssid: Record<string, unknown>): Record<string, unknown> {
  const entry: Record<string, unknown> = { ssid_name: ssid.ssid_name };
  for (const field of [...SCALAR_FIELDS, ...STRUCTURED_FIELDS]) {
    if (field in ssid) {
      entry[field] = ssid[field];
    }
  }
  return entry;
}

/**
 * The POST /v1/init_templates body of the uplink form, validated as the route validates it, or
 * the messages of what is wrong: `details` must be a JSON array of objects.
 */
export function uplinkTemplateInput(
  values: UplinkTemplateFormValues,
): { input: CreateInitTemplateDto } | { problems: string[] } {
  let details: unknown;
  try {
    details = JSON.parse(values.details);
  } catch {
    return { problems: ['details must be JSON: an array of objects, each with uplink_type'] };
  }
  const input = plainToInstance(CreateInitTemplateDto, {
    init_template: { name: values.name, details },
  });
  const problems = validationMessages(validateSync(input, { whitelist: true })).map((message) =>
    message.replace(/^init_template\./, ''),
  );
  return problems.length > 0 ? { problems } : { input };
}
