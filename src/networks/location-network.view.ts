import { LocationNetwork } from './location-network.entity';
import { NetworkTemplate } from './network-template.entity';

/** The network record every operation returns (never `network_name_key`). */
export interface NetworkView {
  id: number;
  network_name: string;
  timezone: string;
  organisation_id: number;
  user_id: number | null;
  network_configuration: string | null;
  cloned_network_id: number | null;
  presence: boolean | null;
  presence_url: string | null;
  vendor_type: string | null;
  network_template: number | null;
  template_adherence: boolean | null;
  enable_policy: boolean;
  template_policy_attributes: Record<string, unknown> | null;
  tag_list: string[];
  config_version: number;
  created_at: string;
  updated_at: string;
}

export function networkView(network: LocationNetwork): NetworkView {
  return {
    id: network.id,
    network_name: network.network_name,
    timezone: network.timezone,
    organisation_id: network.organisation_id,
    user_id: network.user_id,
    network_configuration: network.network_configuration,
    cloned_network_id: network.cloned_network_id,
    presence: network.presence,
    presence_url: network.presence_url,
    vendor_type: network.vendor_type,
    network_template: network.network_template,
    template_adherence: network.template_adherence,
    enable_policy: network.enable_policy,
    template_policy_attributes: network.template_policy_attributes,
    tag_list: network.tag_list ?? [],
    config_version: network.config_version,
    created_at: network.created_at.toISOString(),
    updated_at: network.updated_at.toISOString(),
  };
}

/** The destroy answer: `{id, network_name, timezone}`. */
export const deletedNetworkView = ({ id, network_name, timezone }: LocationNetwork) => ({
  id,
  network_name,
  timezone,
});

export interface NetworkTemplateView {
  id: number;
  organisation_id: number;
  name: string;
  configuration: Record<string, unknown>;
  created_at: string;
}

export const networkTemplateView = (template: NetworkTemplate): NetworkTemplateView => ({
  id: template.id,
  organisation_id: template.organisation_id,
  name: template.name,
  configuration: template.configuration,
  created_at: template.created_at.toISOString(),
});

/** An example record for the OpenAPI document. */
export const NETWORK_EXAMPLE: NetworkView = {
  id: 1,
  network_name: 'Head office',
  timezone: 'Europe/Paris',
  organisation_id: 1,
  user_id: 1,
  network_configuration: null,
  cloned_network_id: null,
  presence: null,
  presence_url: null,
  vendor_type: null,
  network_template: null,
  template_adherence: null,
  enable_policy: false,
  template_policy_attributes: null,
  tag_list: ['lobby'],
  config_version: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
