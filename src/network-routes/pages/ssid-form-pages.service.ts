import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { LocationNetwork } from '../../networks/location-network.entity';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { FormErrors, labelledFormErrors, NO_ERRORS, orFormAgain, showForm } from '../../web/form';
import { PageOutcome, redirectTo, Shown } from '../../web/page-outcome';
import { options } from '../../web/select-options';
import { SSID_FORM, SsidFormModel } from './network-page-views';
import {
  BLANK_SSID_FORM,
  confirmationOf,
  RADIO_BANDS,
  readSaveAnyway,
  readSsidForm,
  SECURITY_MODES,
  SSID_FORM_FIELDS,
  SsidFormValues,
  ssidFormOf,
  toSsidInput,
  unknownValues,
} from './ssid-form';

const BOOLEAN_CHOICES = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
  { value: '', label: 'Not set' },
];

/**
 * The SSID forms of a network page on NetworkSsidsService, the one place of the SSID
 * rules: admins and members with full access to the network add, change and
 * delete; read-only members are refused (403), others find nothing (404). A refusal (422) shows
 * the form again with the API's messages, worded for people, beside their fields and the values
 * as typed. A security mode or band the console does not know is saved only once "Save anyway"
 * confirms it (the API takes any text); until then nothing is written.
 */
@Injectable()
export class SsidFormPagesService {
  constructor(
    private readonly ssids: NetworkSsidsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async newForm(user: AuthUser, networkId: number): Promise<Shown<SsidFormModel>> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    return form(network, null, BLANK_SSID_FORM);
  }

  async editForm(user: AuthUser, networkId: number, id: number): Promise<Shown<SsidFormModel>> {
    const { network, ssid } = await this.writableSsid(user, networkId, id);
    return form(network, ssid, ssidFormOf(ssid));
  }

  async create(
    user: AuthUser,
    networkId: number,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    const values = readSsidForm(body);
    const confirmed = readSaveAnyway(body);
    const unconfirmed = toConfirm(network, null, values, null, confirmed);
    if (unconfirmed !== null) {
      return unconfirmed;
    }
    return orFormAgain(
      async () => {
        const created = await this.ssids.create(user, networkId, toSsidInput(values, null));
        return redirectTo(`/networks/${networkId}`, `SSID ${created.ssid_name} added.`);
      },
      (messages) => form(network, null, values, refused(messages), confirmed),
    );
  }

  async update(
    user: AuthUser,
    networkId: number,
    id: number,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const { network, ssid } = await this.writableSsid(user, networkId, id);
    const values = readSsidForm(body);
    const confirmed = readSaveAnyway(body);
    const unconfirmed = toConfirm(network, ssid, values, ssidFormOf(ssid), confirmed);
    if (unconfirmed !== null) {
      return unconfirmed;
    }
    const vlan = ssid.v_lan_attributes as Record<string, unknown> | null;
    return orFormAgain(
      async () => {
        const updated = await this.ssids.update(user, id, toSsidInput(values, vlan));
        return redirectTo(`/networks/${networkId}`, `SSID ${updated.ssid_name} saved.`);
      },
      (messages) => form(network, ssid, values, refused(messages), confirmed),
    );
  }

  async destroy(user: AuthUser, networkId: number, id: number): Promise<PageOutcome> {
    await this.writableSsid(user, networkId, id);
    const deleted = await this.ssids.destroy(user, id);
    return redirectTo(`/networks/${networkId}`, `SSID ${deleted.ssid_name} deleted.`);
  }

  /** The SSID of this network, when the user may write the network (else 404 or 403). */
  private async writableSsid(
    user: AuthUser,
    networkId: number,
    id: number,
  ): Promise<{ network: LocationNetwork; ssid: NetworkSsidView }> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    const ssid = await this.ssids.show(user, id);
    if (ssid.location_network_id !== network.id) {
      throw ssidNotFound();
    }
    return { network, ssid };
  }
}

/** The service's refusal, worded for people beside the fields. */
const refused = (messages: string[]): FormErrors => labelledFormErrors(messages, SSID_FORM_FIELDS);

/**
 * The form again (422) asking to confirm the values the console does not know, when "Save
 * anyway" was not ticked for exactly those values; null when nothing is left to confirm.
 */
function toConfirm(
  network: LocationNetwork,
  ssid: NetworkSsidView | null,
  values: SsidFormValues,
  stored: SsidFormValues | null,
  confirmed: string,
): Shown<SsidFormModel> | null {
  const unknown = unknownValues(values, stored);
  if (unknown.length === 0 || confirmed === confirmationOf(values, stored)) {
    return null;
  }
  const errors: FormErrors = {
    messages: unknown.map(({ message }) => message),
    byField: Object.fromEntries(unknown.map(({ field, message }) => [field, [message]])),
  };
  return form(network, ssid, values, errors, '', confirmationOf(values, stored));
}

/**
 * The form of a new SSID (null) or an existing one, again with its refusal (422). `confirmation`
 * is what a "Save anyway" box confirms, shown (ticked when `confirmed` is it) while the form holds
 * a value the console does not know.
 */
function form(
  network: LocationNetwork,
  ssid: NetworkSsidView | null,
  values: SsidFormValues,
  errors: FormErrors = NO_ERRORS,
  confirmed = '',
  confirmation = confirmationOf(values, ssid && ssidFormOf(ssid)),
): Shown<SsidFormModel> {
  const base = `/networks/${network.id}`;
  return showForm(SSID_FORM, {
    title: ssid ? `Edit SSID ${ssid.ssid_name}` : `New SSID in ${network.network_name}`,
    section: 'networks',
    network: { id: network.id, name: network.network_name },
    ssid: ssid && { id: ssid.id, name: ssid.ssid_name },
    values,
    enabledChoices: options(BOOLEAN_CHOICES, values.is_enabled),
    hiddenChoices: options(BOOLEAN_CHOICES, values.is_hidden),
    securityModes: SECURITY_MODES,
    radioBands: RADIO_BANDS,
    saveAnyway:
      confirmation === '' ? null : { value: confirmation, ticked: confirmed === confirmation },
    errors,
    action: ssid ? `${base}/ssids/${ssid.id}` : `${base}/ssids`,
    cancel: base,
  });
}
