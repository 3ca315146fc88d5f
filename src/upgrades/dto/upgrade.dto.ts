import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  ValidateBy,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../common/ids/id';
import { UPGRADE_STATUSES, UpgradeStatus } from '../../firmware/upgrade.entity';
import { MaxListEntries } from '../../common/limits/list-limit';
import { IsTimeZone } from '../../common/time-zones/time-zones';
import { IsPercent, IsRolloutStages, IsStageWait } from '../../common/staging/stage-validators';

export const UPGRADE_TYPES = ['automatic', 'manual'] as const;
export type UpgradeType = (typeof UPGRADE_TYPES)[number];
export const SCHEDULE_TYPES = ['now', 'later'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** Blank values ('' or null) mean "not given". */
const blankToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : value;

/**
 * Refuses an array where an object is expected (ValidateNested alone accepts one), with the
 * message ValidateNested gives any other non-object, so that each bad value gets one message.
 */
const IsNotArray = () =>
  ValidateBy({
    name: 'isNotArray',
    validator: {
      validate: (value: unknown) => !Array.isArray(value),
      defaultMessage: (args) => `${args?.property} must be an object`,
    },
  });

/** `upgrade.rollout`: stage the upgrades the create writes. */
export class RolloutInputDto {
  /**
   * Strictly increasing whole percentages from 1 to 100 that end with 100, e.g. `[1, 10, 50,
   * 100]` (default `[100]`).
   */
  @IsOptional()
  @IsRolloutStages()
  stages?: number[];

  /** Halt when the failed share of the opened stages' devices exceeds this (0 to 100, default 10). */
  @IsOptional()
  @IsPercent()
  max_failure_percent?: number;

  /** On halt, give each device whose upgrade is done an upgrade back to its previous version. */
  @IsOptional()
  @IsBoolean()
  auto_revert?: boolean;

  /**
   * The soak time: seconds between a stage finishing and the next one opening, 0 to 604800 (a
   * week; default 0, at once). `POST /v1/rollouts/{id}/advance` opens a waiting stage sooner.
   */
  @IsOptional()
  @IsStageWait()
  stage_wait_seconds?: number;
}

/** The `upgrade` object of create and update. Every field is optional. */
export class UpgradeInputDto {
  /** Firmware version; only kept when upgrade_type is `manual`, else the newest release is used. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(64)
  version?: string;

  /** `automatic` (default for a new upgrade) or `manual`. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(UPGRADE_TYPES)
  upgrade_type?: UpgradeType;

  /** `now` (default for a new upgrade) or `later` (needs schedule_at and time_zone). */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsIn(SCHEDULE_TYPES)
  schedule_type?: ScheduleType;

  /** ISO 8601 time of a `later` upgrade; without an offset it is read as UTC. */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsISO8601({ strict: true })
  schedule_at?: string;

  /**
   * IANA time zone of schedule_at, e.g. `Europe/Paris` or `Asia/Kolkata`: one of the names of
   * list_network_timezone, stored as sent.
   */
  @Transform(blankToUndefined)
  @IsOptional()
  @IsTimeZone('time_zone must be an IANA time zone name')
  time_zone?: string;

  @IsOptional()
  @IsBoolean()
  save_prev_config?: boolean;

  /** Targets (at most 10,000): `AP:<inventory_id>`, `network:<network_id>`, `tag:<tag_id>`. */
  @IsOptional()
  @IsArray()
  @MaxListEntries()
  @IsString({ each: true })
  aps?: string[];

  /** Stage the written upgrades as one rollout; see `RolloutInputDto`. */
  @IsOptional()
  @IsNotArray()
  @ValidateNested({ message: 'rollout must be an object' })
  @Type(() => RolloutInputDto)
  rollout?: RolloutInputDto;
}

/** Body of POST /upgrades and PUT/PATCH /upgrades/:id. */
export class UpgradeBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => UpgradeInputDto)
  upgrade: UpgradeInputDto;
}

/** Query of GET /upgrades. */
export class UpgradeListQueryDto {
  /** Only the upgrade with this id (an empty list when the organisation has none with it). */
  @IsOptional()
  @IsId()
  id?: number;

  /** Only upgrades in this state. */
  @IsOptional()
  @IsIn(UPGRADE_STATUSES, { message: `status must be one of: ${UPGRADE_STATUSES.join(', ')}` })
  status?: UpgradeStatus;

  /** Only the upgrades of this staged rollout. */
  @IsOptional()
  @IsId()
  rollout_id?: number;

  /** Only the upgrades of this device (its `device_id`, the inventory id of `AP:<id>`). */
  @IsOptional()
  @IsId()
  device_id?: number;
}
