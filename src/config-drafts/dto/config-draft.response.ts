import { ApiProperty } from '@nestjs/swagger';
import {
  AnyObject,
  ArrayOf,
  Data,
  DateTime,
  Envelope,
  Int,
  Of,
  Str,
} from '../../common/openapi/response-schema';
import { NetworkSsidResponse } from '../../network-ssids/dto/network-ssid.response';
import { NetworkResponse } from '../../network-routes/dto/location-network.response';

/** An SSID of a draft: as SSID show returns it, `id` null for a new one. */
export class DraftSsidResponse extends NetworkSsidResponse {
  @Int({ nullable: true, description: 'The SSID the entry keeps; null for a new SSID' })
  declare id: number;
}

export class DraftAuthorResponse {
  @Int()
  id: number;

  @Str()
  email: string;
}

/** The draft record (draft.view.ts). */
export class DraftResponse {
  @Int()
  network_id: number;

  @Int({ description: "The network's configuration version when the draft was last written" })
  base_version: number;

  @ArrayOf(() => DraftSsidResponse, {
    description: 'WPA keys only for a caller with full access to the network',
  })
  ssids: DraftSsidResponse[];

  @Of(() => DraftAuthorResponse, { description: 'Who first wrote the draft' })
  created_by: DraftAuthorResponse;

  @DateTime()
  created_at: string;

  @DateTime({ description: 'When the draft was last written' })
  updated_at: string;
}

export class RemovedSsidResponse {
  @Int()
  id: number;

  @Str()
  ssid_name: string;
}

export class ChangedSsidResponse {
  @Int()
  id: number;

  @Str({ description: 'The name the SSID has in the draft' })
  ssid_name: string;

  @AnyObject({
    description:
      '`{field: {from, to}}` for each field that differs; WPA keys `********` on both sides',
  })
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** What publishing a draft would change (draft-rules.ts `draftDiff`). */
export class DraftDiffResponse {
  @ArrayOf(() => DraftSsidResponse, {
    description: 'New SSIDs (id null), in draft order; a WPA key shown as `********`',
  })
  added: DraftSsidResponse[];

  @ArrayOf(() => RemovedSsidResponse)
  removed: RemovedSsidResponse[];

  @ArrayOf(() => ChangedSsidResponse)
  changed: ChangedSsidResponse[];
}

const DraftData = Data('DraftData', { draft: Of(() => DraftResponse) });
const DraftDiffData = Data('DraftDiffData', { diff: Of(() => DraftDiffResponse) });
const DraftDeletedData = Data('DraftDeletedData', { msg: Str({ example: 'Draft deleted' }) });
const PublishedData = Data('PublishedData', {
  network: Of(() => NetworkResponse),
  config_rollout: ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'The configuration rollout a staged publish made; null for a publish at once',
  }),
});

export const DraftEnvelope = Envelope('DraftEnvelope', () => DraftData);
export const DraftDiffEnvelope = Envelope('DraftDiffEnvelope', () => DraftDiffData);
export const DraftDeletedEnvelope = Envelope('DraftDeletedEnvelope', () => DraftDeletedData);
export const PublishedEnvelope = Envelope('PublishedEnvelope', () => PublishedData);
