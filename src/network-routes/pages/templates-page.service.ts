import { Injectable } from '@nestjs/common';
import { UplinkConfigurationService } from '../../access-points/uplink-configuration.service';
import { AuthUser } from '../../common/auth/auth-user';
import { readId } from '../../common/ids/id';
import { LocationNetworksRepository } from '../../networks/location-networks.repository';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { PageOutcome } from '../../web/page-renderer';
import { NetworkTemplatesService } from '../network-templates.service';
import { fieldErrors, refusalMessages } from './field-errors';
import { plural } from '../../web/plural';
import {
  NetworkTemplateFormValues,
  readNetworkTemplateForm,
  readUplinkTemplateForm,
  templateSsid,
  UplinkTemplateFormValues,
  uplinkTemplateInput,
} from './template-forms';

const PAGE = 'network-routes/pages/views/templates';
/** The most networks the "copy the SSIDs of" choice offers (the largest page of the API). */
const MAX_NETWORKS = 1000;
const EXAMPLE_DETAILS = '[{"uplink_type": "1", "proto": "dhcp"}]';

/** What the page shows again after a refusal: the form's values and messages by field. */
interface Refused {
  network?: { values: NetworkTemplateFormValues; errors: Record<string, string[]> };
  uplink?: { values: UplinkTemplateFormValues; errors: Record<string, string[]> };
}

/**
 * The console's templates page (issue 29, item 2), for admins as the template routes are: the
 * network templates (SSIDs a config_rollback sets) and uplink templates (what
 * apply_configuration gives devices), and a form for each that creates through the service of
 * POST /v1/network_templates and POST /v1/init_templates. A network template copies the SSIDs
 * of a network; an uplink template's details are typed as JSON, as the route takes them. The
 * routes have no edit or delete, so neither has the page.
 */
@Injectable()
export class TemplatesPageService {
  constructor(
    private readonly networkTemplates: NetworkTemplatesService,
    private readonly uplinks: UplinkConfigurationService,
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  page(user: AuthUser): Promise<PageOutcome> {
    return this.render(user, {}, 200);
  }

  async createNetworkTemplate(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readNetworkTemplateForm(body);
    const networkId = readId(values.network_id);
    const [network] =
      networkId === undefined
        ? []
        : await this.networks.findByIds(user.organisation_id, [networkId]);
    if (!network) {
      const errors = { network_id: ['Choose the network whose SSIDs the template copies.'] };
      return this.render(user, { network: { values, errors } }, 422);
    }
    const list = await this.ssids.list(user, { network_id: network.id });
    const entries = list.map((ssid) => templateSsid(ssid as unknown as Record<string, unknown>));
    try {
      const created = await this.networkTemplates.create(user.organisation_id, {
        name: values.name,
        configuration: { ssid_configuration: entries },
      });
      return done(
        `Network template ${created.name} created with ${plural(entries.length, 'SSID')} of ${network.network_name}.`,
      );
    } catch (error) {
      const messages = refusalMessages(error);
      if (messages === null) {
        throw error;
      }
      const errors = fieldErrors(messages, { name: 'name' });
      return this.render(user, { network: { values, errors: byField(errors) } }, 422);
    }
  }

  async createUplinkTemplate(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readUplinkTemplateForm(body);
    const read = uplinkTemplateInput(values);
    try {
      if ('problems' in read) {
        const errors = fieldErrors(read.problems, { name: 'name', details: 'details' });
        return this.render(user, { uplink: { values, errors: byField(errors, 'details') } }, 422);
      }
      const created = await this.uplinks.createTemplate(user, read.input);
      return done(
        `Uplink template ${created.name} created with ${plural(created.details.length, 'uplink')}.`,
      );
    } catch (error) {
      const messages = refusalMessages(error);
      if (messages === null) {
        throw error;
      }
      const errors = fieldErrors(messages, { name: 'name' });
      return this.render(user, { uplink: { values, errors: byField(errors, 'details') } }, 422);
    }
  }

  private async render(user: AuthUser, refused: Refused, status: number): Promise<PageOutcome> {
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
    return {
      kind: 'page',
      template: PAGE,
      status,
      context: {
        title: 'Templates',
        section: 'templates',
        networkTemplates: ssidLists.sort((a, b) => a.name.localeCompare(b.name)),
        uplinkTemplates: uplinkTemplates.sort((a, b) => a.name.localeCompare(b.name)),
        networks: networks
          .map((n) => ({
            id: n.id,
            name: n.network_name,
            selected: String(n.id) === refused.network?.values.network_id,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        network: refused.network ?? { values: { name: '', network_id: '' }, errors: {} },
        uplink: refused.uplink ?? { values: { name: '', details: '' }, errors: {} },
        exampleDetails: EXAMPLE_DETAILS,
      },
    };
  }
}

/** The messages by input; those about no input go under `rest` (else the name). */
function byField(errors: ReturnType<typeof fieldErrors>, rest = 'name'): Record<string, string[]> {
  const fields = { ...errors.byField };
  if (errors.others.length > 0) {
    fields[rest] = [...(fields[rest] ?? []), ...errors.others];
  }
  return fields;
}

const done = (message: string): PageOutcome => ({
  kind: 'redirect',
  location: '/templates',
  message,
});
