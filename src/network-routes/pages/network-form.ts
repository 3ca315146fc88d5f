import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationMessages } from '../../common/validation';
import { formFields, trimmed } from '../../web/form';
import { CreateNetworkFieldsDto, UpdateNetworkFieldsDto } from '../dto/location-network.dto';
import { NetworkView } from '../../networks/location-network.view';
import { networkUpdateFailed } from '../location-networks.errors';

/** The network form: name, time zone and template, as typed. */
export interface NetworkFormValues {
  network_name: string;
  timezone: string;
  /** A template id, or empty for none. */
  network_template: string;
}

export const BLANK_NETWORK_FORM: NetworkFormValues = {
  network_name: '',
  timezone: 'UTC',
  network_template: '',
};

/** The inputs of the form by the field the services' messages begin with. */
export const NETWORK_FORM_FIELDS: Readonly<Record<string, keyof NetworkFormValues>> = {
  network_name: 'network_name',
  timezone: 'timezone',
  network_template: 'network_template',
};

export function readNetworkForm(body: unknown): NetworkFormValues {
  const form = formFields(body);
  return {
    network_name: trimmed(form.network_name),
    timezone: trimmed(form.timezone),
    network_template: trimmed(form.network_template),
  };
}

export function networkFormOf(network: NetworkView): NetworkFormValues {
  return {
    network_name: network.network_name,
    timezone: network.timezone,
    network_template: network.network_template === null ? '' : String(network.network_template),
  };
}

/**
 * The update fields, checked by the rules of the JSON route's DTO (the global pipe's, so that a
 * form and the API refuse alike: 422 1010 with the same messages). An empty template detaches.
 * When the network follows its template's policy, the service applies the name only.
 */
export function toNetworkUpdate(values: NetworkFormValues): UpdateNetworkFieldsDto {
  const fields = plainToInstance(UpdateNetworkFieldsDto, {
    network_name: values.network_name,
    timezone: values.timezone,
    network_template: values.network_template === '' ? null : values.network_template,
  });
  const problems = validationMessages(validateSync(fields, { whitelist: true }));
  if (problems.length > 0) {
    throw networkUpdateFailed(problems);
  }
  return fields;
}

/** The create fields (name and time zone; the service checks them after its other rules). */
export function toNetworkCreate(values: NetworkFormValues): CreateNetworkFieldsDto {
  return { network_name: values.network_name, timezone: values.timezone };
}
