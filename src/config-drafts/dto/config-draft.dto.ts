import { Type } from 'class-transformer';
import {
  Allow,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { IsPercent, IsRolloutStages, IsStageWait } from '../../common/staging/stage-validators';

/** The `draft` object of a draft write. */
export class DraftInputDto {
  /**
   * The SSIDs the network should have, at most 64: each the whole content of one SSID as SSID
   * create takes it (fields left out take create's default), with an optional `id`, one of the
   * network's SSIDs whose identity the entry keeps (each at most once). The network's SSIDs no
   * entry names are deleted by the draft; entries without `id` are new SSIDs. Names must be
   * unique within the draft. Refused entries are named by their 0-based index (`ssids[2].…`).
   */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @Allow()
  ssids: unknown;
}

/** `PUT /v1/location_networks/{id}/draft`. */
export class WriteDraftDto {
  @IsObject()
  @ValidateNested()
  @Type(() => DraftInputDto)
  draft: DraftInputDto;
}

/** The longest watch of a device after it reports the new configuration: a day, in seconds. */
export const MAX_WATCH_SECONDS = 86400;

/** The `publish` object: at once by default, or staged over the network's devices. */
export class PublishInputDto {
  /**
   * Strictly increasing whole percentages from 1 to 100 that end with 100 (default `[100]`:
   * publish at once). Other stages make a configuration rollout.
   */
  @IsOptional()
  @IsRolloutStages()
  stages?: number[];

  /** Halt when the failed share of the opened stages' devices exceeds this (0 to 100, default 0). */
  @IsOptional()
  @IsPercent()
  max_failure_percent?: number;

  /** Seconds a device must stay UP after reporting the new revision to succeed (0 to 86400, default 300). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_WATCH_SECONDS)
  watch_seconds?: number;

  /** On halt, give the devices of the opened stages the network's configuration again (default true). */
  @IsOptional()
  @IsBoolean()
  auto_revert?: boolean;

  /** Seconds between a stage finishing and the next opening, 0 to 604800 (default 0). */
  @IsOptional()
  @IsStageWait()
  stage_wait_seconds?: number;
}

/** `POST /v1/location_networks/{id}/draft/publish`. */
export class PublishDraftDto {
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PublishInputDto)
  publish?: PublishInputDto;
}
