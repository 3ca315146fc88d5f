import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayOf,
  Bool,
  DateTime,
  Int,
  Of,
  Status200,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';
import { UPGRADE_STATUSES } from '../upgrade.entity';

/** An upgrade record (upgrade.view.ts). */
export class UpgradeResponse {
  @Int()
  id: number;

  @Str()
  version: string;

  @Str({ example: 'automatic' })
  upgrade_type: string;

  @Str({ example: 'now' })
  schedule_type: string;

  @DateTime({ nullable: true })
  schedule_at: string | null;

  @Str({ nullable: true })
  time_zone: string | null;

  @Bool()
  save_prev_config: boolean;

  @StrArray({ example: ['AP:7'] })
  aps: string[];

  @ApiProperty({ enum: UPGRADE_STATUSES })
  status: string;

  @Int()
  device_id: number;

  @Str({ nullable: true })
  mac_id: string | null;

  @Int()
  organisation_id: number;

  @DateTime()
  created_at: string;

  @DateTime()
  updated_at: string;
}

export class UpgradesData {
  @ArrayOf(() => UpgradeResponse)
  upgrades: UpgradeResponse[];
}

/** index: `{data: {upgrades: [<upgrade>]}}` (SPEC 4.4; no status). */
export class UpgradeListResponse {
  @Of(() => UpgradesData)
  data: UpgradesData;
}

export class UpgradeData {
  @Of(() => UpgradeResponse)
  upgrades: UpgradeResponse;
}

/** show: `{data: {upgrades: <upgrade>}}` (SPEC 4.4; the key is plural, the value one record). */
export class UpgradeShowResponse {
  @Of(() => UpgradeData)
  data: UpgradeData;
}

/** create and update: `{message, status: 200, data: {upgrades}}`. */
export class UpgradeWriteResponse {
  @Str({ example: 'Upgrade created successfully' })
  message: string;

  @Status200()
  status: 200;

  @Of(() => UpgradesData)
  data: UpgradesData;
}

/** destroy: `{data: {}, status: 200}`. */
export class UpgradeDeletedResponse {
  @ApiProperty({ type: 'object', properties: {}, additionalProperties: false })
  data: Record<string, never>;

  @Status200()
  status: 200;
}
