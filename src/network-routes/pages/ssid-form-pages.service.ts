import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { LocationNetwork } from '../../networks/location-network.entity';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { conflictText, orFormAgain, orRefusedTo } from '../../web/form';
import { PageOutcome, redirectTo, Shown } from '../../web/page-outcome';
import { SsidFormModel } from './network-page-views';
import {
  BLANK_SSID_FORM,
  readSaveAnyway,
  readSsidForm,
  ssidFormOf,
  toSsidInput,
} from './ssid-form';
import { refusedSsid, SsidFormPlace, ssidFormPage, unconfirmedSsidForm } from './ssid-form-page';

/**
 * The SSID forms of a network page on NetworkSsidsService, the one place of the SSID
 * rules (so the form is refused exactly as the API is): admins and members with full access to
 * the network add, change and delete; read-only members are refused (403), others find nothing
 * (404). A refusal (422) shows the form again with the API's messages, worded for people, beside
 * their fields and the values as typed. A security mode or band the console does not know is saved only once "Save anyway"
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
    return ssidFormPage(place(network, null), BLANK_SSID_FORM);
  }

  async editForm(user: AuthUser, networkId: number, id: number): Promise<Shown<SsidFormModel>> {
    const { network, ssid } = await this.writableSsid(user, networkId, id);
    return ssidFormPage(place(network, ssid), ssidFormOf(ssid));
  }

  async create(
    user: AuthUser,
    networkId: number,
    body: unknown,
  ): Promise<PageOutcome<SsidFormModel>> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    const values = readSsidForm(body);
    const confirmed = readSaveAnyway(body);
    const unconfirmed = unconfirmedSsidForm(place(network, null), values, confirmed);
    if (unconfirmed !== null) {
      return unconfirmed;
    }
    return orRefusedTo(
      `/networks/${networkId}`,
      () =>
        orFormAgain(
          async () => {
            const created = await this.ssids.create(user, networkId, toSsidInput(values, null));
            return redirectTo(`/networks/${networkId}`, `SSID ${created.ssid_name} added.`);
          },
          (messages) =>
            ssidFormPage(place(network, null), values, refusedSsid(messages), confirmed),
        ),
      conflictText,
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
    const unconfirmed = unconfirmedSsidForm(place(network, ssid), values, confirmed);
    if (unconfirmed !== null) {
      return unconfirmed;
    }
    const vlan = ssid.v_lan_attributes as Record<string, unknown> | null;
    return orRefusedTo(
      `/networks/${networkId}`,
      () =>
        orFormAgain(
          async () => {
            const updated = await this.ssids.update(user, id, toSsidInput(values, vlan));
            return redirectTo(`/networks/${networkId}`, `SSID ${updated.ssid_name} saved.`);
          },
          (messages) =>
            ssidFormPage(place(network, ssid), values, refusedSsid(messages), confirmed),
        ),
      conflictText,
    );
  }

  async destroy(user: AuthUser, networkId: number, id: number): Promise<PageOutcome> {
    await this.writableSsid(user, networkId, id);
    return orRefusedTo(
      `/networks/${networkId}`,
      async () => {
        const deleted = await this.ssids.destroy(user, id);
        return redirectTo(`/networks/${networkId}`, `SSID ${deleted.ssid_name} deleted.`);
      },
      conflictText,
    );
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

/** The form of a new SSID of the network (null) or of one of its SSIDs. */
function place(network: LocationNetwork, ssid: NetworkSsidView | null): SsidFormPlace {
  const base = `/networks/${network.id}`;
  return {
    title: ssid ? `Edit SSID ${ssid.ssid_name}` : `New SSID in ${network.network_name}`,
    network,
    ssid: ssid && { name: ssid.ssid_name, stored: ssidFormOf(ssid) },
    action: ssid ? `${base}/ssids/${ssid.id}` : `${base}/ssids`,
    cancel: base,
    submit: ssid ? 'Save changes' : 'Add SSID',
    remove: ssid && {
      action: `${base}/ssids/${ssid.id}/delete`,
      question: `Delete SSID ${ssid.ssid_name} from ${network.network_name}? Its devices stop broadcasting it at their next configuration.`,
      yes: `Yes, delete SSID ${ssid.ssid_name}`,
      hidden: [],
    },
    hidden: [],
  };
}
