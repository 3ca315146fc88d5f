import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { DomainError } from '../../common/errors';
import { readId } from '../../common/ids/id';
import { NetworkSsidsService } from '../../network-ssids/network-ssids.service';
import { NetworkTemplate } from '../../networks/network-template.entity';
import { NetworkTemplatesRepository } from '../../networks/network-templates.repository';
import { formFields, orRefusedTo } from '../../web/form';
import { Redirect, redirectTo, refusedTo, Shown, show } from '../../web/page-outcome';
import { plural } from '../../web/plural';
import { rollbackTemplateNotFound } from '../location-networks.errors';
import { LocationNetworksService } from '../location-networks.service';
import { NETWORK_ROLLBACK, NetworkRollbackModel } from './network-page-views';

/** The template's SSIDs, when its configuration lists them. */
function ssidConfiguration(template: NetworkTemplate): Record<string, unknown>[] | null {
  const list = template.configuration.ssid_configuration;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : null;
}

/** The template's entries refused (422) or naming SSIDs of no network here (404). */
const rollbackRefusal = (error: unknown): string | null =>
  error instanceof DomainError && [404, 422].includes(error.httpStatus)
    ? `Not rolled back: ${error.message}`
    : null;

/**
 * The console's config_rollback, for admins as the route: a confirmation page to choose the
 * template (the network's own first) whose SSIDs become the network's, then
 * LocationNetworksService.rollbackConfiguration with that template's `ssid_configuration`, as
 * a client of the API would send it. A refusal goes back to the network page with its message.
 */
@Injectable()
export class NetworkRollbackPageService {
  constructor(
    private readonly networks: LocationNetworksService,
    private readonly templates: NetworkTemplatesRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  async form(user: AuthUser, id: number): Promise<Shown<NetworkRollbackModel>> {
    const network = await this.networks.show(user, id);
    const ssids = await this.ssids.list(user, { network_id: id });
    const templates = (await this.templates.findAll(user.organisation_id))
      .map((template) => ({ template, list: ssidConfiguration(template) }))
      .filter(({ list }) => list !== null)
      .map(({ template, list }) => ({
        value: String(template.id),
        label: `${template.name} (${plural(list!.length, 'SSID')})`,
        selected: template.id === network.network_template,
      }))
      .sort((a, b) => Number(b.selected) - Number(a.selected) || a.label.localeCompare(b.label));
    return show(NETWORK_ROLLBACK, {
      title: `Roll back ${network.network_name}`,
      section: 'networks',
      network: { id, name: network.network_name },
      ssidsText: plural(ssids.length, 'SSID'),
      templates,
    });
  }

  async rollback(user: AuthUser, id: number, body: unknown): Promise<Redirect> {
    const network = await this.networks.show(user, id);
    const templateId = readId(formFields(body).network_template_id);
    const back = `/networks/${id}`;
    const template =
      templateId === undefined
        ? null
        : await this.templates.findById(user.organisation_id, templateId);
    if (!template) {
      throw rollbackTemplateNotFound();
    }
    const list = ssidConfiguration(template);
    if (list === null) {
      return refusedTo(
        back,
        `Template ${template.name} lists no SSIDs (configuration.ssid_configuration).`,
      );
    }
    return orRefusedTo(
      back,
      async () => {
        await this.networks.rollbackConfiguration(user, id, {
          network_template_id: template.id,
          configuration: { ssid_configuration: list },
        });
        return redirectTo(
          back,
          `${network.network_name} rolled back to template ${template.name}: ${plural(list.length, 'SSID')}.`,
        );
      },
      rollbackRefusal,
    );
  }
}
