import { FormErrors, labelledFormErrors, NO_ERRORS, showForm } from '../../web/form';
import { Shown } from '../../web/page-outcome';
import { options } from '../../web/select-options';
import { SSID_FORM, SsidFormModel } from './network-page-views';
import {
  confirmationOf,
  RADIO_BANDS,
  SECURITY_MODES,
  SSID_FORM_FIELDS,
  SsidFormValues,
  unknownValues,
} from './ssid-form';
import { advancedPart } from './ssid-advanced-form';
import { SSID_FIELD_LABELS } from './ssid-labels';

const BOOLEAN_CHOICES = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
  { value: '', label: 'Not set' },
];

/**
 * Where an SSID form is: the network's SSIDs or its draft's (`draft`), the SSID edited (null: a
 * new one) and its form as stored, where it posts and goes back to, and its Delete button.
 */
export interface SsidFormPlace {
  title: string;
  network: { id: number; network_name: string };
  ssid: { name: string; stored: SsidFormValues } | null;
  action: string;
  cancel: string;
  submit: string;
  remove: SsidFormModel['remove'];
  hidden: SsidFormModel['hidden'];
}

/** The service's refusal, worded for people beside the fields. */
export const refusedSsid = (messages: string[]): FormErrors =>
  labelledFormErrors(messages, SSID_FORM_FIELDS, SSID_FIELD_LABELS);

/**
 * The form again (422) asking to confirm the values the console does not know, when "Save
 * anyway" was not ticked for exactly those values; null when nothing is left to confirm.
 */
export function unconfirmedSsidForm(
  place: SsidFormPlace,
  values: SsidFormValues,
  confirmed: string,
): Shown<SsidFormModel> | null {
  const stored = place.ssid?.stored ?? null;
  const unknown = unknownValues(values, stored);
  if (unknown.length === 0 || confirmed === confirmationOf(values, stored)) {
    return null;
  }
  const errors: FormErrors = {
    messages: unknown.map(({ message }) => message),
    byField: Object.fromEntries(unknown.map(({ field, message }) => [field, [message]])),
  };
  return ssidFormPage(place, values, errors, '');
}

/**
 * The SSID form at `place` with `values`, again with its refusal (422) when `errors` has any. A
 * "Save anyway" box is shown (ticked when `confirmed` is what it confirms) while the form holds
 * a value the console does not know.
 */
export function ssidFormPage(
  place: SsidFormPlace,
  values: SsidFormValues,
  errors: FormErrors = NO_ERRORS,
  confirmed = '',
): Shown<SsidFormModel> {
  const confirmation = confirmationOf(values, place.ssid?.stored ?? null);
  return showForm(SSID_FORM, {
    title: place.title,
    section: 'networks',
    network: { id: place.network.id, name: place.network.network_name },
    values,
    enabledChoices: options(BOOLEAN_CHOICES, values.is_enabled),
    hiddenChoices: options(BOOLEAN_CHOICES, values.is_hidden),
    securityModes: SECURITY_MODES,
    radioBands: RADIO_BANDS,
    advanced: advancedPart(values.advanced, errors.byField),
    saveAnyway:
      confirmation === '' ? null : { value: confirmation, ticked: confirmed === confirmation },
    errors,
    action: place.action,
    cancel: place.cancel,
    submit: place.submit,
    remove: place.remove,
    hidden: place.hidden,
  });
}
