import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalInstant } from '../../common/time-window/time-window';
import { IsId } from '../../common/ids/id';

/** The most events one read answers. */
export const MAX_EVENTS_LIMIT = 1000;

/** Query of GET /v1/events. */
export class EventsQueryDto {
  /** Comma list of event types; `<family>.*` (e.g. `device.*`) matches every type of a family. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  type?: string;

  /** Only the events of the device with this MAC (any common notation). */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  mac_id?: string;

  /** Only the events of this network (404 1001 when it is not one the caller may read). */
  @IsOptional()
  @IsId()
  network_id?: number;

  /** Only events with `occurred_at` at or after this instant (ISO 8601). */
  @OptionalInstant()
  since?: string;

  /** Only events with `occurred_at` before this instant (ISO 8601). */
  @OptionalInstant()
  until?: string;

  /** The feed: the events with a greater id, in ascending id order (start with 0). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(2147483647)
  after?: number;

  /** Without `after`: the events with a smaller id, newest first. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2147483647)
  before?: number;

  /** How many events, 1 to 1000 (default 100). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_EVENTS_LIMIT)
  limit?: number;
}
