import { ApiProperty } from '@nestjs/swagger';
import { DevicesData } from '../../access-points/dto/access-points.response';
import { PageData } from '../../common/pagination/pagination.response';
import {
  AnyObject,
  ArrayOf,
  Bool,
  DateTime,
  Envelope,
  Int,
  MessageEnvelope,
  Of,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';

/** A location network as every operation returns it (location-network.view.ts). */
export class NetworkResponse {
  @Int()
  id: number;

  @Str()
  network_name: string;

  @Str({ example: 'Europe/Paris' })
  timezone: string;

  @Int()
  organisation_id: number;

  @Int({ nullable: true })
  user_id: number | null;

  @Str({ nullable: true })
  network_configuration: string | null;

  @Int({ nullable: true })
  cloned_network_id: number | null;

  @Bool({ nullable: true })
  presence: boolean | null;

  @Str({ nullable: true })
  presence_url: string | null;

  @Str({ nullable: true })
  vendor_type: string | null;

  @Int({ nullable: true, description: 'A network template id of the organisation' })
  network_template: number | null;

  @Bool({ nullable: true })
  template_adherence: boolean | null;

  @Bool()
  enable_policy: boolean;

  @AnyObject({ nullable: true })
  template_policy_attributes: Record<string, unknown> | null;

  @StrArray()
  tag_list: string[];

  @Int({
    description:
      "The version of the network's configuration: 1 at creation, one more with every change of " +
      'its SSIDs (SSID writes, config_rollback, a published draft). A draft records the version ' +
      'it was written against and is published only while it is still the current one.',
  })
  config_version: number;

  @DateTime()
  created_at: string;

  @DateTime()
  updated_at: string;
}

const NetworkPageData = PageData('NetworkPageData', 'networks', () => NetworkResponse);

/** list_networks with network_name or network_id. */
export const NetworkEnvelope = Envelope('NetworkEnvelope', () => NetworkResponse);
/** list_networks without a selector. */
export const NetworkPageEnvelope = Envelope('NetworkPageEnvelope', () => NetworkPageData);

export class TimezonesData {
  @StrArray({ description: 'IANA names, sorted' })
  timezone: string[];
}

export const TimezonesEnvelope = Envelope('TimezonesEnvelope', () => TimezonesData);

/** create and update: `{msg, data: <network>, status: 200}`. */
export const NetworkMessageEnvelope = MessageEnvelope(
  'NetworkMessageEnvelope',
  () => NetworkResponse,
);

export class ShowNetworkData {
  @Of(() => NetworkResponse)
  location_network: NetworkResponse;
}

export const ShowNetworkEnvelope = Envelope('ShowNetworkEnvelope', () => ShowNetworkData);

export const NetworkDevicesEnvelope = Envelope('NetworkDevicesEnvelope', () => DevicesData);

export class DeletedNetworkData {
  @Int()
  id: number;

  @Str()
  network_name: string;

  @Str()
  timezone: string;
}

export const DeletedNetworkEnvelope = MessageEnvelope(
  'DeletedNetworkEnvelope',
  () => DeletedNetworkData,
);

/** config_rollback: `{message}` only. */
export class RollbackResponse {
  @Str({ example: 'Network configuration rolled back' })
  message: string;
}

export class NetworkTemplateResponse {
  @Int()
  id: number;

  @Int()
  organisation_id: number;

  @Str()
  name: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    properties: { ssid_configuration: { type: 'array', items: { type: 'object' } } },
  })
  configuration: Record<string, unknown>;

  @DateTime()
  created_at: string;
}

export class NetworkTemplatesData {
  @ArrayOf(() => NetworkTemplateResponse)
  network_templates: NetworkTemplateResponse[];
}

export const NetworkTemplateEnvelope = Envelope(
  'NetworkTemplateEnvelope',
  () => NetworkTemplateResponse,
);
export const NetworkTemplatesEnvelope = Envelope(
  'NetworkTemplatesEnvelope',
  () => NetworkTemplatesData,
);
