import { ApiProperty } from '@nestjs/swagger';
import { PageData } from '../../common/pagination/pagination.response';
import {
  AnyObject,
  ArrayOf,
  Bool,
  Data,
  DateTime,
  Envelope,
  Int,
  Of,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';
import { CONFIG_OUTCOMES, CONFIG_ROLLOUT_STATES } from '../config-rollout.entity';

export class ConfigRolloutNetworkResponse {
  @Int()
  id: number;

  @Str()
  network_name: string;
}

export class ConfigRolloutAuthorResponse {
  @Int()
  id: number;

  @Str()
  email: string;
}

/** One stage of a configuration rollout. */
export class ConfigRolloutStageResponse {
  @Int({ minimum: 1, maximum: 100 })
  percent: number;

  @Int({ minimum: 0, description: 'Devices of the stage still in the network' })
  devices: number;

  @DateTime({ nullable: true, description: 'null until the stage opens' })
  opened_at: string | null;

  @Int({ minimum: 0 })
  waiting: number;

  @Int({ minimum: 0 })
  succeeded: number;

  @Int({ minimum: 0 })
  failed: number;

  @Int({ minimum: 0, description: 'DOWN as the stage opened: never counted' })
  skipped: number;
}

/** The configuration rollout record (config-rollout.view.ts). */
export class ConfigRolloutResponse {
  @Int()
  id: number;

  @Of(() => ConfigRolloutNetworkResponse)
  network: ConfigRolloutNetworkResponse;

  @ApiProperty({ enum: CONFIG_ROLLOUT_STATES })
  state: string;

  @ArrayOf(() => ConfigRolloutStageResponse)
  stages: ConfigRolloutStageResponse[];

  @ApiProperty({ type: 'number', minimum: 0, maximum: 100, example: 0 })
  max_failure_percent: number;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description:
      'failed ÷ (devices of the opened stages that were not skipped) × 100, rounded to two decimals',
  })
  failure_percent: number;

  @Int({ minimum: 0, maximum: 86400 })
  watch_seconds: number;

  @Bool()
  auto_revert: boolean;

  @Int({
    minimum: 0,
    maximum: 604800,
    description: 'Seconds between a stage finishing and the next opening',
  })
  stage_wait_seconds: number;

  @DateTime({
    nullable: true,
    description: 'When the waiting next stage opens; null when none waits',
  })
  next_stage_at: string | null;

  @StrArray({
    description: 'MACs of the devices given the network configuration again by a revert',
  })
  reverted: string[];

  @AnyObject({
    description: "The draft's diff at publish time: `{added, removed, changed}`, WPA keys masked",
  })
  diff: Record<string, unknown>;

  @Of(() => ConfigRolloutAuthorResponse, { description: 'Who published it' })
  created_by: ConfigRolloutAuthorResponse;

  @DateTime()
  created_at: string;

  @DateTime({ nullable: true, description: 'When it was halted or completed' })
  finished_at: string | null;
}

/** A device of a configuration rollout. */
export class ConfigRolloutDeviceResponse {
  @Int()
  id: number;

  @Str()
  mac_id: string;

  @Str({ nullable: true })
  name: string | null;

  @Int({ minimum: 1 })
  stage: number;

  @ApiProperty({
    enum: CONFIG_OUTCOMES,
    description:
      '`pending` (its stage has not opened), `waiting`, `succeeded` (ran the new revision and ' +
      'stayed UP for watch_seconds), `failed` (a config_error for it, or DOWN), `skipped` (DOWN ' +
      'as its stage opened)',
  })
  outcome: string;

  @DateTime({ nullable: true, description: 'When it first reported running the new revision' })
  reported_at: string | null;

  @Str({ nullable: true, description: 'Why it failed: its configuration error, or `went DOWN`' })
  error: string | null;
}

const ConfigRolloutsData = PageData(
  'ConfigRolloutsData',
  'config_rollouts',
  () => ConfigRolloutResponse,
);
const ConfigRolloutData = Data('ConfigRolloutData', {
  config_rollout: Of(() => ConfigRolloutResponse),
});
const ConfigRolloutDevicesData = PageData(
  'ConfigRolloutDevicesData',
  'devices',
  () => ConfigRolloutDeviceResponse,
);

export const ConfigRolloutsEnvelope = Envelope('ConfigRolloutsEnvelope', () => ConfigRolloutsData);
export const ConfigRolloutEnvelope = Envelope('ConfigRolloutEnvelope', () => ConfigRolloutData);
export const ConfigRolloutDevicesEnvelope = Envelope(
  'ConfigRolloutDevicesEnvelope',
  () => ConfigRolloutDevicesData,
);
