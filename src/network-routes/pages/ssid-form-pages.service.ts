import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { LocationNetwork } from '../../networks/location-network.entity';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { networkNotFound } from '../../networks/networks.errors';
import { PageOutcome } from '../../web/page-renderer';
import { fieldErrors, refusalMessages } from './field-errors';
import { page } from './network-form-pages.service';
import {
  BLANK_SSID_FORM,
  readSsidForm,
  SECURITY_MODES,
  SSID_FORM_FIELDS,
  SsidFormValues,
  ssidFormOf,
  toSsidInput,
} from './ssid-form';

const FORM = 'network-routes/pages/views/ssid-form';

const BOOLEAN_CHOICES = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
  { value: '', label: 'Not set' },
];

const choices = (value: string) =>
  BOOLEAN_CHOICES.map((choice) => ({ ...choice, selected: choice.value === value }));

/**
 * The SSID forms of a network page (issue 29) on NetworkSsidsService, the one place of the SSID
 * rules (SPEC 2.4 and 4.3): admins and members with full access to the network add, change and
 * delete; read-only members are refused (403), others find nothing (404). A refusal (422) shows
 * the form again with SPEC's messages beside their fields and the values as typed.
 */
@Injectable()
export class SsidFormPagesService {
  constructor(
    private readonly ssids: NetworkSsidsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async newForm(user: AuthUser, networkId: number): Promise<PageOutcome> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    return this.form(network, null, BLANK_SSID_FORM, []);
  }

  async editForm(user: AuthUser, networkId: number, id: number): Promise<PageOutcome> {
    const { network, ssid } = await this.writableSsid(user, networkId, id);
    return this.form(network, ssid, ssidFormOf(ssid), []);
  }

  async create(user: AuthUser, networkId: number, body: unknown): Promise<PageOutcome> {
    const network = await this.access.writable(user, networkId, networkNotFound);
    const values = readSsidForm(body);
    try {
      const created = await this.ssids.create(user, networkId, toSsidInput(values, null));
      return back(networkId, `SSID ${created.ssid_name} added.`);
    } catch (error) {
      return this.refused(error, network, null, values);
    }
  }

  async update(user: AuthUser, networkId: number, id: number, body: unknown): Promise<PageOutcome> {
    const { network, ssid } = await this.writableSsid(user, networkId, id);
    const values = readSsidForm(body);
    const vlan = ssid.v_lan_attributes as Record<string, unknown> | null;
    try {
      const updated = await this.ssids.update(user, id, toSsidInput(values, vlan));
      return back(networkId, `SSID ${updated.ssid_name} saved.`);
    } catch (error) {
      return this.refused(error, network, ssid, values);
    }
  }

  async destroy(user: AuthUser, networkId: number, id: number): Promise<PageOutcome> {
    await this.writableSsid(user, networkId, id);
    const deleted = await this.ssids.destroy(user, id);
    return back(networkId, `SSID ${deleted.ssid_name} deleted.`);
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

  private refused(
    error: unknown,
    network: LocationNetwork,
    ssid: NetworkSsidView | null,
    values: SsidFormValues,
  ): PageOutcome {
    const messages = refusalMessages(error);
    if (messages === null) {
      throw error;
    }
    return this.form(network, ssid, values, messages);
  }

  private form(
    network: LocationNetwork,
    ssid: NetworkSsidView | null,
    values: SsidFormValues,
    messages: string[],
  ): PageOutcome {
    const base = `/networks/${network.id}`;
    return page(
      FORM,
      {
        title: ssid ? `Edit SSID ${ssid.ssid_name}` : `New SSID in ${network.network_name}`,
        section: 'networks',
        network: { id: network.id, name: network.network_name },
        ssid: ssid && { id: ssid.id, name: ssid.ssid_name },
        values,
        enabledChoices: choices(values.is_enabled),
        hiddenChoices: choices(values.is_hidden),
        securityModes: SECURITY_MODES,
        refused: messages.length > 0,
        messages,
        errors: fieldErrors(messages, SSID_FORM_FIELDS).byField,
        action: ssid ? `${base}/ssids/${ssid.id}` : `${base}/ssids`,
        cancel: base,
      },
      messages.length > 0 ? 422 : 200,
    );
  }
}

function back(networkId: number, message: string): PageOutcome {
  return { kind: 'redirect', location: `/networks/${networkId}`, message };
}
