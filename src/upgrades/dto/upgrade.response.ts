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
import { UPGRADE_STATUSES } from '../../firmware/upgrade.entity';
import { RolloutResponse } from './rollout.response';

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

  @Int({ nullable: true, description: 'Last reported progress, 0 to 100' })
  progress: number | null;

  @Str({ nullable: true, description: "The device's failure message, or `timed out`" })
  error: string | null;

  @DateTime({ nullable: true, description: 'The first report about the upgrade' })
  started_at: string | null;

  @DateTime({ nullable: true, description: 'When it became done or failed' })
  completed_at: string | null;

  @Str({
    nullable: true,
    description: 'The firmware the device ran before the upgrade started (null if unknown)',
  })
  previous_version: string | null;

  @Int({ nullable: true, description: 'The staged rollout it belongs to' })
  rollout_id: number | null;

  @Int({ nullable: true, description: 'The upgrade this one reverts, after its rollout halted' })
  revert_of: number | null;

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

/** index: `{data: {upgrades: [<upgrade>]}}` (no status). */
export class UpgradeListResponse {
  @Of(() => UpgradesData)
  data: UpgradesData;
}

export class UpgradeData {
  @Of(() => UpgradeResponse)
  upgrades: UpgradeResponse;
}

/** show: `{data: {upgrades: <upgrade>}}` (the key is plural, the value one record). */
export class UpgradeShowResponse {
  @Of(() => UpgradeData)
  data: UpgradeData;
}

export class UpgradesWrittenData {
  @ArrayOf(() => UpgradeResponse)
  upgrades: UpgradeResponse[];

  @Of(() => RolloutResponse, {
    required: false,
    description: 'Only with `upgrade.rollout`: the rollout the written upgrades form',
  })
  rollout?: RolloutResponse;
}

/** create and update: `{message, status: 200, data: {upgrades, rollout?}}`. */
export class UpgradeWriteResponse {
  @Str({ example: 'Upgrade created successfully' })
  message: string;

  @Status200()
  status: 200;

  @Of(() => UpgradesWrittenData)
  data: UpgradesWrittenData;
}

/** destroy: `{data: {}, status: 200}`. */
export class UpgradeDeletedResponse {
  @ApiProperty({ type: 'object', properties: {}, additionalProperties: false })
  data: Record<string, never>;

  @Status200()
  status: 200;
}
