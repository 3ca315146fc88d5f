import { Injectable } from '@nestjs/common';
import { UplinkConfigurationService } from '../../access-points/uplink-configuration.service';
import { AuthUser } from '../../common/auth/auth-user';
import { readId } from '../../common/ids/id';
import { LocationNetworksRepository } from '../../networks/location-networks.repository';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { FormErrors, formErrors, NO_ERRORS, orFormAgain } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { plural } from '../../web/plural';
import { options } from '../../web/select-options';
import { NetworkTemplatesService } from '../network-templates.service';
import { TEMPLATES_PAGE, TemplatesModel } from './network-page-views';
import {
  readNetworkTemplateForm,
  readUplinkTemplateForm,
  templateSsid,
  uplinkTemplateInput,
} from './template-forms';

/** The most networks the "copy the SSIDs of" choice offers (the largest page of the API). */
const MAX_NETWORKS = 1000;
const EXAMPLE_DETAILS = '[{"uplink_type": "1", "proto": "dhcp"}]';

/** What the page shows again after a refusal: the refused form, as typed, with its messages. */
type Refused = Partial<Pick<TemplatesModel, 'network' | 'uplink'>>;

/** Messages about no input go beside the name of the network template's form. */
const networkErrors = (messages: string[]): FormErrors =>
  formErrors(messages, { name: 'name' }, 'name');

/** Messages about no input go beside the details of the uplink template's form. */
const uplinkErrors = (messages: string[]): FormErrors =>
  formErrors(messages, { name: 'name', details: 'details' }, 'details');

/**
 * The console's templates page, for admins as the template routes are: the network templates
 * (SSIDs a config_rollback sets) and uplink templates (what apply_configuration gives devices),
 * and a form for each that creates through the service of POST /v1/network_templates and POST
 * /v1/init_templates. A network template copies the SSIDs of a network; an uplink template's
 * details are typed as JSON, as the route takes them. The routes have no edit or delete, so
 * neither has the page.
 */
@Injectable()
export class TemplatesPageService {
  constructor(
    private readonly networkTemplates: NetworkTemplatesService,
    private readonly uplinks: UplinkConfigurationService,
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  page(user: AuthUser): Promise<Shown<TemplatesModel>> {
    return this.render(user, {});
  }

  async createNetworkTemplate(user: AuthUser, body: unknown): Promise<PageOutcome<TemplatesModel>> {
    const values = readNetworkTemplateForm(body);
    const again = (errors: FormErrors) => this.render(user, { network: { values, errors } });
    const networkId = readId(values.network_id);
    const [network] =
      networkId === undefined
        ? []
        : await this.networks.findByIds(user.organisation_id, [networkId]);
    if (!network) {
      const message = 'Choose the network whose SSIDs the template copies.';
      return again({ messages: [message], byField: { network_id: [message] } });
    }
    const list = await this.ssids.list(user, { network_id: network.id });
    const entries = list.map((ssid) => templateSsid(ssid as unknown as Record<string, unknown>));
    return orFormAgain(
      async () => {
        const created = await this.networkTemplates.create(user.organisation_id, {
          name: values.name,
          configuration: { ssid_configuration: entries },
        });
        return redirectTo(
          '/templates',
          `Network template ${created.name} created with ${plural(entries.length, 'SSID')} of ${network.network_name}.`,
        );
      },
      (messages) => again(networkErrors(messages)),
    );
  }

  async createUplinkTemplate(user: AuthUser, body: unknown): Promise<PageOutcome<TemplatesModel>> {
    const values = readUplinkTemplateForm(body);
    const again = (messages: string[]) =>
      this.render(user, { uplink: { values, errors: uplinkErrors(messages) } });
    const read = uplinkTemplateInput(values);
    if ('problems' in read) {
      return again(read.problems);
    }
    return orFormAgain(async () => {
      const created = await this.uplinks.createTemplate(user, read.input);
      return redirectTo(
        '/templates',
        `Uplink template ${created.name} created with ${plural(created.details.length, 'uplink')}.`,
      );
    }, again);
  }

  private async render(user: AuthUser, refused: Refused): Promise<Shown<TemplatesModel>> {
    const orgId = user.organisation_id;
    const [networks] = await this.networks.page(orgId, 'all', 0, MAX_NETWORKS);
    const ssidLists = (await this.networkTemplates.list(orgId)).map((template) => {
      const list = (template.configuration as { ssid_configuration?: unknown }).ssid_configuration;
      const names = Array.isArray(list)
        ? list.map((entry) => {
            const name = (entry as { ssid_name?: unknown }).ssid_name;
            return typeof name === 'string' ? name : '(no name)';
          })
        : [];
      return { id: template.id, name: template.name, ssids: names.join(', ') || 'None' };
    });
    const uplinkTemplates = (await this.uplinks.listTemplates(user)).map((template) => ({
      id: template.id,
      name: template.name,
      types: template.details.map((detail) => String(detail.uplink_type)).join(', '),
    }));
    const network = refused.network ?? { values: { name: '', network_id: '' }, errors: NO_ERRORS };
    return show(
      TEMPLATES_PAGE,
      {
        title: 'Templates',
        section: 'templates',
        networkTemplates: ssidLists.sort((a, b) => a.name.localeCompare(b.name)),
        uplinkTemplates: uplinkTemplates.sort((a, b) => a.name.localeCompare(b.name)),
        networks: options(
          networks
            .map((n) => ({ value: String(n.id), label: n.network_name }))
            .sort((a, b) => a.label.localeCompare(b.label)),
          network.values.network_id,
        ),
        network,
        uplink: refused.uplink ?? { values: { name: '', details: '' }, errors: NO_ERRORS },
        exampleDetails: EXAMPLE_DETAILS,
      },
      refused.network || refused.uplink ? 422 : 200,
    );
  }
}
