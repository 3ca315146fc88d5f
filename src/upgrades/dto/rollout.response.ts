import { ApiProperty } from '@nestjs/swagger';
import { ArrayOf, Bool, DateTime, Int, Str, StrArray } from '../../common/openapi/response-schema';
import { ROLLOUT_STATES } from '../../firmware/rollout.entity';
import { UpgradeStatusCountsResponse } from '../../firmware/dto/upgrade-status-counts.response';

/** One stage of a rollout. */
export class RolloutStageResponse extends UpgradeStatusCountsResponse {
  @Int({ minimum: 1, maximum: 100 })
  percent: number;

  @Int({ minimum: 0, description: 'Upgrades in the stage now (those that left it do not count)' })
  devices: number;

  @DateTime({ nullable: true, description: 'null until the stage opens' })
  opened_at: string | null;

  @DateTime({
    nullable: true,
    description: 'When its last upgrade finished while the rollout ran; null until then',
  })
  finished_at: string | null;
}

/** A rollout record. */
export class RolloutResponse {
  @Int()
  id: number;

  @Str({ example: '2.1.0' })
  version: string;

  @ApiProperty({ enum: ROLLOUT_STATES })
  state: string;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 100, example: 10 })
  max_failure_percent: number;

  @ApiProperty({
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: 'failed ÷ devices of the opened stages × 100, rounded to two decimals',
  })
  failure_percent: number;

  @Bool()
  auto_revert: boolean;

  @Int({
    minimum: 0,
    maximum: 604800,
    description: 'The soak time: seconds between a stage finishing and the next one opening',
  })
  stage_wait_seconds: number;

  @ArrayOf(() => RolloutStageResponse)
  stages: RolloutStageResponse[];

  @DateTime({
    nullable: true,
    description:
      'When the next stage opens (its predecessor finished, the soak time runs); null when no stage waits',
  })
  next_stage_at: string | null;

  @StrArray({ description: 'MACs of the devices given a revert upgrade' })
  reverted: string[];

  @StrArray({ description: 'MACs of the done devices that could not be reverted' })
  not_reverted: string[];

  @DateTime()
  created_at: string;

  @DateTime({ nullable: true, description: 'When it was halted or completed' })
  finished_at: string | null;
}

export const ROLLOUT_EXAMPLE = {
  id: 4,
  version: '2.1.0',
  state: 'running',
  max_failure_percent: 10,
  failure_percent: 0,
  auto_revert: true,
  stage_wait_seconds: 0,
  stages: [
    {
      percent: 10,
      devices: 1,
      opened_at: '2030-01-01T10:00:00.000Z',
      finished_at: null,
      pending: 1,
      in_progress: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
    },
    {
      percent: 100,
      devices: 9,
      opened_at: null,
      finished_at: null,
      pending: 9,
      in_progress: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
    },
  ],
  next_stage_at: null,
  reverted: [],
  not_reverted: [],
  created_at: '2030-01-01T10:00:00.000Z',
  finished_at: null,
};
